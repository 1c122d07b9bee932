import type { SessionRecord } from '../session/index.js';
import { MemoryStore, type TurnCommit } from '../store/index.js';

export interface RecordedWrite {
  readonly method: 'createSession' | 'saveSession' | 'commitTurn';
  readonly sessionId: string;
  /** Every session id the write carries (the record's, and each plan's). */
  readonly sessionIds: readonly string[];
  readonly json: string;
}

/**
 * A MemoryStore that records every write, serialised, and can refuse writes: `guard` is called before each one
 * and may throw (a test failing on a write it must never see).
 */
export class RecordingStore extends MemoryStore {
  readonly writes: RecordedWrite[] = [];
  guard: (write: RecordedWrite) => void = () => {};
  failNextDelete = false;

  #record(write: RecordedWrite): void {
    this.guard(write);
    this.writes.push(write);
  }

  override async createSession(record: SessionRecord): Promise<void> {
    this.#record({
      method: 'createSession',
      sessionId: record.id,
      sessionIds: [record.id],
      json: JSON.stringify(record),
    });
    return super.createSession(record);
  }

  override async saveSession(record: SessionRecord): Promise<void> {
    this.#record({
      method: 'saveSession',
      sessionId: record.id,
      sessionIds: [record.id],
      json: JSON.stringify(record),
    });
    return super.saveSession(record);
  }

  override async commitTurn(commit: TurnCommit): Promise<void> {
    this.#record({
      method: 'commitTurn',
      sessionId: commit.session.id,
      sessionIds: [commit.session.id, ...commit.plans.map((stored) => stored.sessionId)],
      json: JSON.stringify({ ...commit, blobs: [...(commit.blobs ?? [])] }),
    });
    return super.commitTurn(commit);
  }

  override async deleteSession(sessionId: string): Promise<void> {
    if (this.failNextDelete) {
      this.failNextDelete = false;
      throw new Error('disk unavailable');
    }
    return super.deleteSession(sessionId);
  }

  /** Everything written so far, as one string to search. */
  written(): string {
    return this.writes.map((write) => write.json).join('\n');
  }
}
