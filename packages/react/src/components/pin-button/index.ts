export { PinButton, type PinButtonProps } from './pin-button.js';
