/** One problem found in some input, located by a dotted/bracketed path such as `tools[3].inputSchema.type`. */
export interface ErrorIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Base class of every error ctxkit throws on purpose. `code` is stable and meant for programs;
 * `message` is meant for people and always says what is wrong and where.
 */
export abstract class CtxkitError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
