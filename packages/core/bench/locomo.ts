/**
 * The LoCoMo development split (../shared/data/locomo-dev, its README gives the protocol) as the benchmarks read it:
 * conversations as lines and turns, questions with their evidence, and how evidence is found in a request.
 */
import { readFileSync } from 'node:fs';

const DATA = new URL('../../../../shared/data/locomo-dev/locomo-dev.json', import.meta.url);

interface LocomoLine {
  readonly speaker: string;
  readonly dia_id: string;
  readonly text: string;
  readonly blip_caption?: string;
}

interface LocomoQuestion {
  readonly question: string;
  readonly category: number;
  readonly evidence?: readonly string[];
}

interface LocomoConversation {
  readonly sample_id: string;
  readonly conversation: Record<string, unknown>;
  readonly qa: readonly LocomoQuestion[];
}

/** A line of the transcript as the protocol sends it, with the LoCoMo session it belongs to. */
export interface Line {
  readonly id: string;
  readonly session: number;
  /** The LoCoMo session's date and time, as the dataset writes it. */
  readonly date: string;
  readonly text: string;
  /** The line's own words, as evidence is matched. */
  readonly evidence: string;
}

export interface Question {
  readonly text: string;
  readonly evidence: readonly string[];
}

export interface Conversation {
  readonly id: string;
  /** LoCoMo sessions in order, each its lines. */
  readonly sessions: readonly (readonly Line[])[];
  readonly questions: readonly Question[];
}

export function loadConversations(): Conversation[] {
  const raw = JSON.parse(readFileSync(DATA, 'utf8')) as LocomoConversation[];
  return raw.map((entry) => {
    const sessions: Line[][] = [];
    for (let n = 1; Array.isArray(entry.conversation[`session_${n}`]); n++) {
      const date = String(entry.conversation[`session_${n}_date_time`] ?? '');
      const lines = entry.conversation[`session_${n}`] as LocomoLine[];
      sessions.push(
        lines.map((line) => {
          const photo = line.blip_caption ? ` [shares a photo: ${line.blip_caption}]` : '';
          return {
            id: line.dia_id,
            session: n,
            text: `${line.speaker}: ${line.text}${photo}`,
            evidence: normalize(line.text),
            date,
          };
        }),
      );
    }
    const questions = entry.qa
      .filter((qa) => qa.category >= 1 && qa.category <= 4 && (qa.evidence?.length ?? 0) > 0)
      .map((qa) => ({ text: qa.question, evidence: qa.evidence ?? [] }));
    return { id: entry.sample_id, sessions, questions };
  });
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Lower case, HTML escapes undone, runs of anything but letters and digits as one space. */
export function normalize(text: string): string {
  return text
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Turns as the protocol makes them: line 2k the user message, line 2k+1 the reply; a session's first user line dated. */
export function turnsOf(sessions: readonly (readonly Line[])[], dates: ReadonlyMap<number, string>) {
  const lines = sessions.flat();
  const dated = new Set<number>();
  const turns: { user: string; reply: string }[] = [];
  for (let k = 0; 2 * k < lines.length; k++) {
    const user = lines[2 * k] as Line;
    const reply = lines[2 * k + 1];
    const first = !dated.has(user.session);
    dated.add(user.session);
    turns.push({
      user: first ? `[${dates.get(user.session) ?? ''}] ${user.text}` : user.text,
      reply: reply?.text ?? '(no reply)',
    });
  }
  return turns;
}

export interface Score {
  recall: number;
  allPresent: number;
}

export function score(found: readonly (readonly boolean[])[]): Score {
  const recall =
    found.reduce((sum, lines) => sum + lines.filter(Boolean).length / lines.length, 0) / found.length;
  const allPresent = found.filter((lines) => lines.every(Boolean)).length / found.length;
  return { recall: round(recall), allPresent: round(allPresent) };
}

export const round = (value: number) => Math.round(value * 1000) / 1000;

export function evidenceIn(text: string, question: Question, byId: ReadonlyMap<string, Line>): boolean[] {
  const haystack = ` ${normalize(text)} `;
  return question.evidence.map((id) => {
    const line = byId.get(id);
    return line !== undefined && line.evidence !== '' && haystack.includes(` ${line.evidence} `);
  });
}

export function requestText(request: { messages: readonly { content?: unknown }[] }): string {
  return request.messages
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''),
    )
    .join('\n');
}
