import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The React major a test project runs on (components: 19, react18: 18), from `provide` in vitest.config.ts. */
    reactMajor: number;
  }
}
