export { type TokenMeterModel, type TokenUsage, tokenMeterModel } from './model.js';
export { TokenMeter, type TokenMeterProps } from './token-meter.js';
