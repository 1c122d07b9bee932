import type { ChatMessage } from './types.js';

/** A committed turn: a user message and everything up to the model handing control back. The planner's atom. */
export interface Turn {
  /** The id of the turn's user message. */
  readonly id: string;
  readonly index: number;
  readonly messages: readonly ChatMessage[];
}

/** Groups messages into turns. Notes (system, error) belong to no turn: they are shown, never sent. */
export function groupTurns(messages: readonly ChatMessage[]): Turn[] {
  const turns: Turn[] = [];
  let current: ChatMessage[] | null = null;
  for (const message of messages) {
    if (message.role === 'user') {
      current = [message];
      turns.push({ id: message.id, index: turns.length, messages: current });
    } else if (current && message.role !== 'system' && message.role !== 'error') {
      current.push(message);
    }
  }
  return turns;
}
