// The recipes of docs/recipes.md, compiled against the official clients' types and run by recipes.test.ts through
// those clients. Each block between `recipe:<name>` markers is quoted in the docs verbatim.
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { AnthropicMessagesRequest, JsonObject, Session, ToolResultInput, Usage } from '../index.js';

/** Runs one tool call of the model's and returns what the model should read. */
export type RunTool = (name: string, args: JsonObject) => Promise<string>;

// recipe:openai
/** One turn with the `openai` client: the reply streamed, tool calls run and answered, at most 5 requests. */
export async function askOpenAI(
  session: Session,
  client: OpenAI,
  text: string,
  runTool: RunTool,
  onText: (soFar: string) => void = () => {},
): Promise<string> {
  let turn = await session.prepare(text);
  try {
    for (let round = 1; ; round++) {
      const stream = await client.chat.completions.create({
        ...turn.request,
        stream: true,
        stream_options: { include_usage: true },
      });
      let content = '';
      const parts = new Map<number, { id: string; name: string; args: string }>();
      let usage: Usage | undefined;
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (delta?.content) {
          content += delta.content;
          onText(content);
        }
        // A call arrives in pieces: its id and name first, its arguments as a JSON string in parts.
        for (const piece of delta?.tool_calls ?? []) {
          const part = parts.get(piece.index) ?? { id: '', name: '', args: '' };
          part.id ||= piece.id ?? '';
          part.name += piece.function?.name ?? '';
          part.args += piece.function?.arguments ?? '';
          parts.set(piece.index, part);
        }
        if (chunk.usage)
          usage = {
            inputTokens: chunk.usage.prompt_tokens,
            outputTokens: chunk.usage.completion_tokens,
            cachedInputTokens: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
          };
      }
      const toolCalls = [...parts.values()].map(({ id, name, args }) => ({
        id,
        name,
        arguments: JSON.parse(args || '{}') as JsonObject,
      }));
      if (toolCalls.length === 0 || round === 5) {
        await session.commit(turn, content, usage);
        return content;
      }
      const results: ToolResultInput[] = await Promise.all(
        toolCalls.map(async (call) => ({
          toolCallId: call.id,
          content: await runTool(call.name, call.arguments),
        })),
      );
      turn = await session.continue(turn, { content, toolCalls }, results, usage);
    }
  } catch (error) {
    session.rollback(turn); // nothing of a failed turn is stored
    throw error;
  }
}
// recipe:end

// recipe:anthropic
/** The same with `@anthropic-ai/sdk`, on an engine created with `render: (plan) => renderAnthropicMessages(plan, …)`. */
export async function askAnthropic(
  session: Session<AnthropicMessagesRequest>,
  client: Anthropic,
  text: string,
  runTool: RunTool,
  onText: (soFar: string) => void = () => {},
): Promise<string> {
  let turn = await session.prepare(text);
  try {
    for (let round = 1; ; round++) {
      const stream = client.messages.stream(turn.request);
      stream.on('text', (_delta, soFar) => onText(soFar));
      const message = await stream.finalMessage();
      const content = message.content
        .flatMap((block) => (block.type === 'text' ? [block.text] : []))
        .join('');
      const toolCalls = message.content.flatMap((block) =>
        block.type === 'tool_use'
          ? [{ id: block.id, name: block.name, arguments: block.input as JsonObject }]
          : [],
      );
      // Anthropic counts cached and newly cached prompt tokens apart from the rest; ctxkit takes the whole prompt.
      const read = message.usage.cache_read_input_tokens ?? 0;
      const written = message.usage.cache_creation_input_tokens ?? 0;
      const usage: Usage = {
        inputTokens: message.usage.input_tokens + read + written,
        outputTokens: message.usage.output_tokens,
        cachedInputTokens: read,
        cacheWriteTokens: written,
      };
      if (toolCalls.length === 0 || round === 5) {
        await session.commit(turn, content, usage);
        return content;
      }
      const results: ToolResultInput[] = await Promise.all(
        toolCalls.map(async (call) => ({
          toolCallId: call.id,
          content: await runTool(call.name, call.arguments),
        })),
      );
      turn = await session.continue(turn, { content, toolCalls }, results, usage);
    }
  } catch (error) {
    session.rollback(turn);
    throw error;
  }
}
// recipe:end
