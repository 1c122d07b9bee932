/**
 * How a tool definition's text is counted: `lines` is name, description and compact schema on three lines (OpenAI's
 * accounting); `json` the compact JSON of `{ type: 'function', function: { name, description, parameters } }`;
 * `json-spaced` the same JSON with Python's `, ` and `: ` separators, as Jinja's `tojson` writes it into Hugging Face
 * chat templates.
 */
export type ToolDefinitionFormat = 'lines' | 'json' | 'json-spaced';

/**
 * Models without a public tokenizer: their text is counted with `base` and multiplied by `ratio` (rounded up per
 * piece), and the plan's budget is divided by `margin` until usage reports calibrate the model.
 */
export interface TokenEstimate {
  readonly base: 'o200k_base';
  /** The model's tokens per `base` token, measured or published, on the kind of text that costs it most. */
  readonly ratio: number;
  /** The safety factor (≥ 1) the budget keeps until usage reports replace it. */
  readonly margin: number;
}

/**
 * What one family's chat template adds around the content, in tokens of that family's tokenizer. Every field is a
 * whole number ≥ 0; each is the template's cost rounded up, so a plan never promises less than is sent.
 */
export interface ChatTemplateCost {
  /** Recorded in every plan (`plan.template`), e.g. `qwen`. */
  readonly id: string;
  /** Shown to the user, e.g. `Qwen`. */
  readonly label: string;
  /** Each system, user or tool message: its role header and end of turn. */
  readonly message: number;
  /** Each assistant message in the history: its header and end of turn (templates mark replies apart). */
  readonly assistant: number;
  /** Once per request: begin of sequence, a fixed preamble the template always writes, and priming of the reply. */
  readonly reply: number;
  /** Each tool call inside an assistant message, besides its name and arguments. */
  readonly toolCall: number;
  /** Each tool result message, besides `message` and its content (e.g. Qwen's `<tool_response>` tags). */
  readonly toolResult: number;
  /** Each tool definition, besides its text in `toolFormat`. */
  readonly toolDefinition: number;
  /** Once per request that carries any tool definitions (the template's tool instructions). */
  readonly toolsPresent: number;
  readonly toolFormat: ToolDefinitionFormat;
  /** Present for models whose tokenizer is not public: counts are an estimate with a margin. */
  readonly estimate?: TokenEstimate;
}
