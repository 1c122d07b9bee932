// The demo's settings: an optional OpenAI-compatible endpoint and an optional embedding model, kept in the browser's
// localStorage and nowhere else. The endpoint's key is a secret of the user's: it never goes into the ctxkit store
// (which holds conversations, and which an export writes out), only into this one localStorage entry.

export interface EndpointSettings {
  /** e.g. `https://api.openai.com/v1` or Ollama's `http://localhost:11434/v1`. */
  readonly baseUrl: string;
  readonly model: string;
  /** Empty for servers that need none (Ollama). */
  readonly apiKey: string;
}

export interface EmbeddingSettings {
  /** The folder holding `<model>/config.json`, … and `ort/` with ONNX Runtime's wasm files; absolute or page-relative. */
  readonly modelBaseUrl: string;
  readonly model: string;
}

export interface DemoSettings {
  /** `null`: the built-in local responder answers. */
  readonly endpoint: EndpointSettings | null;
  /** `null`: retrieval is lexical only. */
  readonly embeddings: EmbeddingSettings | null;
  readonly contextWindow: number;
  /** Run the calculator and the time tool without asking; every other tool call waits for the user's approval. */
  readonly autoApproveSafeTools: boolean;
  /** Conversations older than this many days are deleted when the app starts; `null` keeps them. */
  readonly retentionDays: number | null;
}

export const DEFAULT_MODEL = 'Xenova/all-MiniLM-L6-v2';
export const DEFAULT_CONTEXT_WINDOW = 8_192;
export const DEFAULT_SETTINGS: DemoSettings = {
  endpoint: null,
  embeddings: null,
  contextWindow: DEFAULT_CONTEXT_WINDOW,
  autoApproveSafeTools: false,
  retentionDays: null,
};

export const SETTINGS_KEY = 'ctxkit-demo.settings';

/** What the settings form holds: every field as typed. */
export interface SettingsForm {
  readonly useEndpoint: boolean;
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: string;
  readonly useEmbeddings: boolean;
  readonly modelBaseUrl: string;
  readonly embeddingModel: string;
  readonly contextWindow: string;
  readonly autoApproveSafeTools: boolean;
  readonly retentionDays: number | null;
}

export interface FieldIssue {
  readonly field: keyof SettingsForm;
  readonly message: string;
}

export type FormResult =
  | { readonly ok: true; readonly settings: DemoSettings }
  | { readonly ok: false; readonly issues: readonly FieldIssue[] };

export function formOf(settings: DemoSettings): SettingsForm {
  return {
    useEndpoint: settings.endpoint !== null,
    baseUrl: settings.endpoint?.baseUrl ?? 'http://localhost:11434/v1',
    model: settings.endpoint?.model ?? '',
    apiKey: settings.endpoint?.apiKey ?? '',
    useEmbeddings: settings.embeddings !== null,
    modelBaseUrl: settings.embeddings?.modelBaseUrl ?? '/models/',
    embeddingModel: settings.embeddings?.model ?? DEFAULT_MODEL,
    contextWindow: String(settings.contextWindow),
    autoApproveSafeTools: settings.autoApproveSafeTools,
    retentionDays: settings.retentionDays,
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks the form; every problem is reported with its field. */
export function settingsFromForm(form: SettingsForm): FormResult {
  const issues: FieldIssue[] = [];
  const baseUrl = form.baseUrl.trim();
  const model = form.model.trim();
  if (form.useEndpoint) {
    if (!isHttpUrl(baseUrl))
      issues.push({
        field: 'baseUrl',
        message: 'Enter an http:// or https:// URL, e.g. http://localhost:11434/v1',
      });
    if (model === '') issues.push({ field: 'model', message: 'Enter the model name the server knows' });
  }
  const modelBaseUrl = form.modelBaseUrl.trim();
  const embeddingModel = form.embeddingModel.trim();
  if (form.useEmbeddings) {
    if (modelBaseUrl === '')
      issues.push({ field: 'modelBaseUrl', message: 'Enter where the model files are' });
    if (embeddingModel === '')
      issues.push({ field: 'embeddingModel', message: 'Enter the model folder name' });
  }
  const contextWindow = Number(form.contextWindow.trim());
  if (!Number.isInteger(contextWindow) || contextWindow < 2_048 || contextWindow > 2_000_000)
    issues.push({
      field: 'contextWindow',
      message: 'Enter a whole number of tokens from 2,048 to 2,000,000',
    });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    settings: {
      endpoint: form.useEndpoint ? { baseUrl, model, apiKey: form.apiKey.trim() } : null,
      embeddings: form.useEmbeddings ? { modelBaseUrl, model: embeddingModel } : null,
      contextWindow,
      autoApproveSafeTools: form.autoApproveSafeTools,
      retentionDays: form.retentionDays,
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Reads stored settings. Whatever cannot be read (another version's shape, a hand edit) falls back to its
 * default, field by field, so one bad field does not lose the others.
 */
export function parseSettings(raw: string | null): DemoSettings {
  if (raw === null) return DEFAULT_SETTINGS;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (!isRecord(data)) return DEFAULT_SETTINGS;
  const endpoint = isRecord(data.endpoint) ? data.endpoint : null;
  const baseUrl = text(endpoint?.baseUrl);
  const model = text(endpoint?.model);
  const embeddings = isRecord(data.embeddings) ? data.embeddings : null;
  const modelBaseUrl = text(embeddings?.modelBaseUrl);
  const contextWindow = data.contextWindow;
  return {
    endpoint:
      baseUrl && model && isHttpUrl(baseUrl)
        ? { baseUrl, model, apiKey: text(endpoint?.apiKey) ?? '' }
        : null,
    embeddings: modelBaseUrl ? { modelBaseUrl, model: text(embeddings?.model) || DEFAULT_MODEL } : null,
    contextWindow:
      typeof contextWindow === 'number' && Number.isInteger(contextWindow) && contextWindow >= 2_048
        ? contextWindow
        : DEFAULT_CONTEXT_WINDOW,
    autoApproveSafeTools: data.autoApproveSafeTools === true,
    retentionDays:
      typeof data.retentionDays === 'number' && Number.isFinite(data.retentionDays) && data.retentionDays > 0
        ? data.retentionDays
        : null,
  };
}

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function loadSettings(storage: SettingsStorage): DemoSettings {
  return parseSettings(storage.getItem(SETTINGS_KEY));
}

export function saveSettings(storage: SettingsStorage, settings: DemoSettings): void {
  storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

/** The Chat Completions URL of a base URL: `…/v1` → `…/v1/chat/completions`; a full URL is kept. */
export function chatCompletionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

/** The headers of a JSON request to the endpoint: its key as a bearer token when it has one. */
export function endpointHeaders(endpoint: EndpointSettings, accept?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(accept && { accept }),
    ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
  };
}

/** The model name the engine records and renders requests for. */
export function engineModel(settings: DemoSettings): string {
  return settings.endpoint?.model ?? LOCAL_MODEL;
}

export const LOCAL_MODEL = 'ctxkit-local-responder';

/** The title of a session before its first message names it. */
export const NEW_SESSION_TITLE = 'New session';

/** The longest title taken from a message; the sessions list shortens it further to its width. */
export const TITLE_LIMIT = 100;

/** A title from the first message: its first line, at most TITLE_LIMIT characters, cut at a word. */
export function titleFromMessage(text: string): string {
  const line = text.trim().split('\n')[0]?.replace(/\s+/g, ' ') ?? '';
  if (line.length <= TITLE_LIMIT) return line || NEW_SESSION_TITLE;
  const cut = line.slice(0, TITLE_LIMIT - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_LIMIT / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
