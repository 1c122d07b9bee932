export { type TokenMeterModel, type TokenUsage, tokenMeterModel } from '@ctxkit/core/view';
export { TokenMeter, type TokenMeterProps } from './token-meter.js';
