// The AI SDK majors the package supports, and the packages each is tested with. Major 7 is what the package is
// built against (its devDependencies under their own names); 5 and 6 are npm aliases of the same packages
// (`ai-5` is `npm:ai@5.x`, …), which the tests and the consumer type check swap in by name.

export interface AiMajor {
  readonly major: 5 | 6 | 7;
  /** Package name → the devDependency that holds this major's version of it. */
  readonly packages: Readonly<Record<'ai' | '@ai-sdk/react' | '@ai-sdk/openai-compatible', string>>;
}

export const AI_MAJORS: readonly AiMajor[] = [
  {
    major: 5,
    packages: {
      ai: 'ai-5',
      '@ai-sdk/react': 'ai-react-5',
      '@ai-sdk/openai-compatible': 'openai-compatible-5',
    },
  },
  {
    major: 6,
    packages: {
      ai: 'ai-6',
      '@ai-sdk/react': 'ai-react-6',
      '@ai-sdk/openai-compatible': 'openai-compatible-6',
    },
  },
  {
    major: 7,
    packages: {
      ai: 'ai',
      '@ai-sdk/react': '@ai-sdk/react',
      '@ai-sdk/openai-compatible': '@ai-sdk/openai-compatible',
    },
  },
];

/** Vite aliases that make a bare `import 'ai'` (and the others) load this major's package. */
export function aliasesOf(major: AiMajor): { find: RegExp; replacement: string }[] {
  return Object.entries(major.packages)
    .filter(([name, alias]) => name !== alias)
    .map(([name, alias]) => ({
      find: new RegExp(`^${name.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&')}$`),
      replacement: alias,
    }));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The AI SDK major the project loads. */
    aiMajor: AiMajor['major'];
  }
}
