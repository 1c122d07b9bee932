export { describeError, type ErrorAction, type ErrorDescription, type ErrorKind } from './describe.js';
