// The usage the local OpenAI-compatible server reports for every request (see openai-server.ts).
export const PROMPT_TOKENS = 321;
export const CACHED_TOKENS = 21;
