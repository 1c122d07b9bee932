export { type AnyEngine, CtxkitProvider, type CtxkitProviderProps, useEngine } from './provider.js';
