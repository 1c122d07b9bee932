export { type ToolStep, toolLabel, toolSteps } from '@ctxkit/core/view';
export { ToolTrace, type ToolTraceProps } from './tool-trace.js';
