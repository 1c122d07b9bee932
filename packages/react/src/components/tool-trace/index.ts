export { type ToolStep, toolSteps } from './model.js';
export { ToolTrace, type ToolTraceProps } from './tool-trace.js';
