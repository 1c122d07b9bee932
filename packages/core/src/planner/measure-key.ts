/**
 * The key a stored turn's measure is kept under: its tokenizer's encoding, and the chat template when it is not
 * OpenAI's (whose measures were stored under the encoding alone before templates existed, and still are).
 */
export function measureKey(encoding: string, template: string | undefined): string {
  return template === undefined || template === 'openai' ? encoding : `${encoding}+${template}`;
}
