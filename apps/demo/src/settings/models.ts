import { type DemoSettings, engineModel } from './settings.js';

/** A model the picker offers: the name requests are for, and the window the engine plans for it. */
export interface ModelChoice {
  readonly model: string;
  readonly label: string;
  readonly contextWindow: number;
}

/**
 * What the composer's model picker offers: the model of the settings first (the endpoint's, or the local
 * responder), then a model of each family ctxkit counts differently. A hosted model gets its published window; an
 * open model runs on the user's own server, with the window the settings give.
 */
export function modelChoices(settings: DemoSettings): readonly ModelChoice[] {
  const own = engineModel(settings);
  const local = settings.contextWindow;
  const choices: ModelChoice[] = [
    {
      model: own,
      label: settings.endpoint ? `${own} (endpoint)` : 'Local responder',
      contextWindow: settings.contextWindow,
    },
    { model: 'gpt-4o-mini', label: 'GPT-4o mini', contextWindow: 128_000 },
    { model: 'llama3.1:8b', label: 'Llama 3.1 8B', contextWindow: local },
    { model: 'qwen3:4b', label: 'Qwen 3 4B', contextWindow: local },
    { model: 'gemma3:4b', label: 'Gemma 3 4B', contextWindow: local },
    { model: 'mistral:7b', label: 'Mistral 7B', contextWindow: local },
    { model: 'deepseek-chat', label: 'DeepSeek V3', contextWindow: 128_000 },
    { model: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5', contextWindow: 200_000 },
    { model: 'gemini-2.5-flash', label: 'Gemini 2.5 Flash', contextWindow: 1_048_576 },
  ];
  return choices.filter((choice, index) => index === 0 || choice.model !== own);
}
