export {
  CTXKIT_SETUP,
  type CtxkitBench,
  createCtxkitBench,
  ctxkitPlanRender,
  ctxkitPrepare,
  plannedInput,
  playTurn,
  retrievedFor,
  sentOfOpenAI,
} from './ctxkit.js';
export { langchain, langchainTokenCounter } from './langchain.js';
export { PROMPT_TSX_PRIORITY, promptTsx, promptTsxTokenizer } from './prompt-tsx.js';
export type { Fitter } from './types.js';
