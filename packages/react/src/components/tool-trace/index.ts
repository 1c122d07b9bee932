export { type ToolStep, toolLabel, toolSteps } from './model.js';
export { ToolTrace, type ToolTraceProps } from './tool-trace.js';
