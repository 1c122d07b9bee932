import { describe, expect, it } from 'vitest';
import {
  chatCompletionsUrl,
  DEFAULT_SETTINGS,
  type DemoSettings,
  engineModel,
  formOf,
  LOCAL_MODEL,
  loadSettings,
  parseSettings,
  SETTINGS_KEY,
  saveSettings,
  settingsFromForm,
  titleFromMessage,
} from './settings.js';
import { exportFileName } from './storage.js';

const ollama: DemoSettings = {
  endpoint: { baseUrl: 'http://localhost:11434/v1', model: 'llama3.2', apiKey: '' },
  embeddings: { modelBaseUrl: '/models/', model: 'Xenova/all-MiniLM-L6-v2' },
  contextWindow: 32_768,
  autoApproveSafeTools: true,
  retentionDays: 30,
};

class MemoryStorage {
  readonly entries = new Map<string, string>();
  getItem(key: string) {
    return this.entries.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.entries.set(key, value);
  }
}

describe('settings form', () => {
  it('turns a filled form into settings and back', () => {
    const result = settingsFromForm(formOf(ollama));
    expect(result).toEqual({ ok: true, settings: ollama });
    expect(settingsFromForm(formOf(DEFAULT_SETTINGS))).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('reports every bad field at once, and only for the parts switched on', () => {
    const form = {
      ...formOf(ollama),
      baseUrl: 'localhost:11434',
      model: ' ',
      modelBaseUrl: '',
      contextWindow: '100',
    };
    const result = settingsFromForm(form);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map((issue) => issue.field)).toEqual([
      'baseUrl',
      'model',
      'modelBaseUrl',
      'contextWindow',
    ]);
    const off = settingsFromForm({
      ...form,
      useEndpoint: false,
      useEmbeddings: false,
      contextWindow: '4096',
    });
    expect(off).toEqual({
      ok: true,
      settings: {
        endpoint: null,
        embeddings: null,
        contextWindow: 4_096,
        autoApproveSafeTools: true,
        retentionDays: 30,
      },
    });
  });

  it('trims what was typed', () => {
    const result = settingsFromForm({ ...formOf(ollama), baseUrl: ' http://h:1/v1 ', apiKey: ' sk-x ' });
    expect(result.ok && result.settings.endpoint).toEqual({
      baseUrl: 'http://h:1/v1',
      model: 'llama3.2',
      apiKey: 'sk-x',
    });
  });
});

describe('stored settings', () => {
  it('round-trips through storage under one key', () => {
    const storage = new MemoryStorage();
    expect(loadSettings(storage)).toEqual(DEFAULT_SETTINGS);
    saveSettings(storage, ollama);
    expect([...storage.entries.keys()]).toEqual([SETTINGS_KEY]);
    expect(loadSettings(storage)).toEqual(ollama);
  });

  it('falls back field by field on what it cannot read', () => {
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('[1]')).toEqual(DEFAULT_SETTINGS);
    expect(
      parseSettings(
        JSON.stringify({
          endpoint: { baseUrl: 'ftp://x', model: 'm' },
          embeddings: ollama.embeddings,
          contextWindow: 12,
          autoApproveSafeTools: 'yes',
          retentionDays: -3,
        }),
      ),
    ).toEqual({
      endpoint: null,
      embeddings: ollama.embeddings,
      contextWindow: DEFAULT_SETTINGS.contextWindow,
      autoApproveSafeTools: false,
      retentionDays: null,
    });
    expect(
      parseSettings(JSON.stringify({ endpoint: { baseUrl: 'http://x/v1', model: 'm' } })).endpoint,
    ).toEqual({
      baseUrl: 'http://x/v1',
      model: 'm',
      apiKey: '',
    });
  });
});

describe('helpers', () => {
  it('finds the Chat Completions URL of a base URL', () => {
    expect(chatCompletionsUrl('http://localhost:11434/v1')).toBe(
      'http://localhost:11434/v1/chat/completions',
    );
    expect(chatCompletionsUrl('https://api.openai.com/v1/')).toBe(
      'https://api.openai.com/v1/chat/completions',
    );
    expect(chatCompletionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
  });

  it('names the engine’s model after the endpoint’s, or the local responder', () => {
    expect(engineModel(ollama)).toBe('llama3.2');
    expect(engineModel(DEFAULT_SETTINGS)).toBe(LOCAL_MODEL);
  });

  it('titles a session from its first message', () => {
    expect(titleFromMessage('  How do I\nread a file?')).toBe('How do I');
    expect(titleFromMessage('')).toBe('New session');
    const question = 'Which database table holds the invoices, and what are its columns and indexes?';
    expect(titleFromMessage(question)).toBe(question);
    const long = titleFromMessage(`${question} And which of them does the monthly report read first?`);
    expect(long).toBe(`${question} And which of them…`);
    expect(long.length).toBeLessThanOrEqual(100);
  });

  it('names an export file by the local date', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('ctxkit-demo-2026-01-05.json');
  });
});
