/** Counts the tokens of a piece of text for one tokenizer. Synchronous: load it once, count many times. */
export interface TokenCounter {
  /** The tokenizer's name, e.g. `o200k_base`; recorded in every plan. */
  readonly encoding: string;
  count(text: string): number;
}

/**
 * Fixed costs a provider adds around content, in tokens, following OpenAI's published accounting for chat models.
 * They are estimates for other providers; usage reports (a later feature) calibrate them per model.
 */
export const TOKEN_OVERHEAD = {
  /** Each message's delimiters (3) and its role's name (1 token for `system`, `user`, `assistant` and `tool`). */
  message: 4,
  /** Priming of the reply at the end of every request. */
  reply: 3,
  /** Each tool call inside an assistant message, besides its name and arguments. */
  toolCall: 3,
  /** Each tool definition, besides its name, description and schema. */
  toolDefinition: 8,
  /** Once per request that carries any tool definitions. */
  toolsPresent: 12,
} as const;

/**
 * A tokenizer-free estimate (about four characters a token, rounded up). Useful in tests and as a stand-in
 * while the real tokenizer's ranks load; never as the budget's authority in production.
 */
export function createApproximateCounter(charsPerToken = 4): TokenCounter {
  return {
    encoding: `approx-${charsPerToken}`,
    count: (text) => Math.ceil(text.length / charsPerToken),
  };
}
