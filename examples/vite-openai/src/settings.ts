/**
 * Where replies come from: any OpenAI-compatible Chat Completions endpoint. Defaults come from `.env`
 * (VITE_OPENAI_BASE_URL, VITE_OPENAI_MODEL); the form in the app keeps its values in localStorage.
 *
 * The key stays in this browser and is sent to the endpoint only. For a public app, send requests through your
 * own server instead of giving users' browsers a key.
 */
export interface Settings {
  readonly baseURL: string;
  readonly apiKey: string;
  readonly model: string;
}

const KEY = 'ctxkit-example:settings';

export const DEFAULT_SETTINGS: Settings = {
  baseURL: import.meta.env.VITE_OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
  apiKey: '',
  model: import.meta.env.VITE_OPENAI_MODEL ?? 'gpt-4o-mini',
};

export function loadSettings(): Settings {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (saved && typeof saved === 'object') return { ...DEFAULT_SETTINGS, ...saved };
  } catch {
    // Unreadable settings: start from the defaults.
  }
  return DEFAULT_SETTINGS;
}

export function saveSettings(settings: Settings): void {
  localStorage.setItem(KEY, JSON.stringify(settings));
}
