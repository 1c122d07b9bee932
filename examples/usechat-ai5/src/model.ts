import { createOpenAICompatible } from '@ai-sdk/openai-compatible';

// The app's model: any OpenAI-compatible endpoint (Ollama's by default; see .env.example).
export const MODEL_ID = import.meta.env.VITE_LLM_MODEL ?? 'llama3.2';

const provider = createOpenAICompatible({
  name: 'llm',
  baseURL: import.meta.env.VITE_LLM_BASE_URL ?? 'http://localhost:11434/v1',
  includeUsage: true,
});

export const model = provider(MODEL_ID);
