export { RecallSwitch, type RecallSwitchProps } from './recall-switch.js';
