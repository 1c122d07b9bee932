export { PrivateSwitch, type PrivateSwitchProps } from './private-switch.js';
