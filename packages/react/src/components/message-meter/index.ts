export { MessageMeter, type MessageMeterProps } from './message-meter.js';
