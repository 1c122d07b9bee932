// The reference tokenizers the tests compare against are JSON files of several megabytes each. Read as typed
// modules (`resolveJsonModule`), they held millions of lines in the type checker and exhausted its heap, so the
// type check sees every JSON module as `unknown` and the code that reads one states the shape it expects.
declare module '*.json' {
  const value: unknown;
  export default value;
}
