import { NotFoundError } from '../errors/index.js';

/** The parts of the system prompt, in prompt order. */
export type PromptPart = 'global' | 'agent' | 'fragment';

export interface PromptPartText {
  readonly part: PromptPart;
  readonly name: string;
  readonly text: string;
}

type FragmentSource = string | (() => string);

interface Fragment {
  readonly source: FragmentSource;
  text: string | null;
}

/**
 * The system prompt: global prompt + agent prompt + named fragments. A fragment may be a function; it is called
 * only when first needed and again after `markDirty`, so expensive fragments (a file list) cost nothing per
 * request. The system prompt is composed per request and never stored.
 */
export class SystemPrompt {
  #global: string;
  #agent: string;
  readonly #fragments = new Map<string, Fragment>();
  #parts: readonly PromptPartText[] | null = null;

  constructor({ global = '', agent = '' }: { global?: string; agent?: string } = {}) {
    this.#global = global;
    this.#agent = agent;
  }

  setGlobal(text: string): void {
    if (text === this.#global) return;
    this.#global = text;
    this.#parts = null;
  }

  setAgentPrompt(text: string): void {
    if (text === this.#agent) return;
    this.#agent = text;
    this.#parts = null;
  }

  /** Adds a fragment, or replaces one in place so the prompt prefix (and provider caches) stay stable. */
  setFragment(name: string, source: FragmentSource): void {
    this.#fragments.set(name, { source, text: null });
    this.#parts = null;
  }

  /** The fragment's source changed: recompute it on the next request. */
  markDirty(name: string): void {
    const fragment = this.#fragments.get(name);
    if (!fragment) throw new NotFoundError('system prompt fragment', name);
    fragment.text = null;
    this.#parts = null;
  }

  removeFragment(name: string): boolean {
    const removed = this.#fragments.delete(name);
    if (removed) this.#parts = null;
    return removed;
  }

  fragmentNames(): string[] {
    return [...this.#fragments.keys()];
  }

  /** The parts in prompt order, recomputing only dirty fragments. Empty parts are left out. */
  parts(): readonly PromptPartText[] {
    if (this.#parts) return this.#parts;
    const parts: PromptPartText[] = [];
    if (this.#global !== '') parts.push({ part: 'global', name: 'global', text: this.#global });
    if (this.#agent !== '') parts.push({ part: 'agent', name: 'agent', text: this.#agent });
    for (const [name, fragment] of this.#fragments) {
      fragment.text ??= typeof fragment.source === 'function' ? fragment.source() : fragment.source;
      if (fragment.text !== '') parts.push({ part: 'fragment', name, text: fragment.text });
    }
    this.#parts = Object.freeze(parts);
    return this.#parts;
  }
}
