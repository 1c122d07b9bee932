import { chatTemplateById } from '../chat-templates/index.js';
import type { ContextPlan } from '../planner/index.js';
import { type CtxkitFormat, defaultFormat } from './format.js';

/** Tokenizers by the name plans record, as people know them; a name not listed is shown as it is. */
const TOKENIZER_NAMES: Readonly<Record<string, string>> = {
  llama3: 'Llama 3',
  llama2: 'Llama 2',
  qwen2: 'Qwen',
  qwen2_5: 'Qwen 2.5',
  gemma2: 'Gemma 2',
  gemma3: 'Gemma 3',
  mistral: 'Mistral',
  tekken: 'Mistral Tekken',
  deepseek_v3: 'DeepSeek V3',
  phi3: 'Phi-3',
  phi4: 'Phi-4',
};

/** What a plan was counted with, for a line under the meter and the context details. */
export interface CountingModel {
  /** The tokenizer as people know it, e.g. `Llama 3`, `o200k_base`. */
  readonly tokenizer: string;
  /** The chat template's label; null for a plan made before templates or with one this version does not know. */
  readonly template: string | null;
  /** The counts are an estimate (a model without a public tokenizer): `base` × `ratio`. */
  readonly estimate: { readonly base: string; readonly ratio: number } | null;
  /** The line: "Counted with Llama 3 tokenizer · Llama 3 template". */
  readonly text: string;
}

/** The tokenizer and template a plan recorded, in words. */
export function countingOf(
  plan: Pick<ContextPlan, 'encoding' | 'template'>,
  format: CtxkitFormat = defaultFormat,
): CountingModel {
  const labels = format.labels.counting;
  const template =
    plan.template === undefined ? null : (chatTemplateById(plan.template)?.label ?? plan.template);
  // An estimate's encoding is `<base>×<ratio>` (see `estimateCounter`).
  const estimated = /^(.+)×(\d+(?:\.\d+)?)$/.exec(plan.encoding);
  if (estimated) {
    const base = estimated[1] as string;
    const ratio = Number(estimated[2]);
    return {
      tokenizer: base,
      template,
      estimate: { base, ratio },
      text: format.text(labels.estimate, { base, ratio: format.score(ratio), template: template ?? '—' }),
    };
  }
  const tokenizer = TOKENIZER_NAMES[plan.encoding] ?? plan.encoding;
  return {
    tokenizer,
    template,
    estimate: null,
    text:
      template === null
        ? format.text(labels.unknownTemplate, { tokenizer })
        : format.text(labels.line, { tokenizer, template }),
  };
}
