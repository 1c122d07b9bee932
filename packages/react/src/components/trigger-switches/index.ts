export { TriggerSwitches, type TriggerSwitchesProps } from './trigger-switches.js';
