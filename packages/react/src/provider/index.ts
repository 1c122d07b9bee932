export {
  type AnyEngine,
  type CtxkitEngineSource,
  CtxkitProvider,
  type CtxkitProviderProps,
  type EngineFactory,
  useEngine,
} from './provider.js';
