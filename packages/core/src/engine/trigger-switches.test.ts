import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { createLexicalSelector } from '../retrieval/index.js';
import { MemoryStore } from '../store/index.js';
import { demoCatalog, testEngine } from './engine.fixtures.js';

const MESSAGE = 'Why does readFile fail in src/files/upload.ts? what is the disk quota?';
const kinds = (set: { subQueries?: readonly { kind: string }[] } | null) =>
  new Set((set?.subQueries ?? []).map((query) => query.kind));

describe('trigger switches', () => {
  test('every kind runs by default; the engine and then the session turn single kinds off', async () => {
    const all = await testEngine({ catalog: demoCatalog });
    const everything = await (await all.createSession()).prepare(MESSAGE);
    expect(kinds(everything.retrievalSet)).toEqual(
      new Set(['message', 'symbol_mention', 'file_path', 'implicit_query']),
    );

    const store = new MemoryStore();
    const engine = await testEngine({ store, catalog: demoCatalog, triggers: { questions: false } });
    expect(engine.triggers).toEqual({ questions: false });
    const session = await engine.createSession();
    const noQuestions = await session.prepare(MESSAGE);
    expect(kinds(noQuestions.retrievalSet)).toEqual(new Set(['message', 'symbol_mention', 'file_path']));
    session.rollback(noQuestions);

    // The session's switch overrides the engine's per group, and persists with the session.
    await session.setTriggers({ symbols: false, questions: true });
    const reopened = await engine.openSession(session.id);
    expect(reopened.record.triggers).toEqual({ symbols: false, questions: true });
    const noSymbols = await reopened.prepare(MESSAGE);
    expect(kinds(noSymbols.retrievalSet)).toEqual(new Set(['message', 'file_path', 'implicit_query']));
    reopened.rollback(noSymbols);

    await reopened.setTriggers(null);
    expect(reopened.record.triggers).toBeUndefined();
    const back = await reopened.prepare(MESSAGE);
    expect(kinds(back.retrievalSet)).toEqual(new Set(['message', 'symbol_mention', 'file_path']));
  });

  test('activity triggers are switched as one group', async () => {
    const selector = createLexicalSelector();
    const engine = await testEngine({ catalog: demoCatalog, selector, triggers: { activity: false } });
    selector.observeActivity({ type: 'file_open', filePath: 'src/db/schema.sql' });
    const prepared = await (await engine.createSession()).prepare('what changed here?');
    expect(kinds(prepared.retrievalSet).has('file_open')).toBe(false);
    const observing = createLexicalSelector();
    const on = await testEngine({ catalog: demoCatalog, selector: observing });
    observing.observeActivity({ type: 'file_open', filePath: 'src/db/schema.sql' });
    const withActivity = await (await on.createSession()).prepare('what changed here?');
    expect(kinds(withActivity.retrievalSet).has('file_open')).toBe(true);
  });

  test('a malformed switch is refused at its path, by the engine and by the session', async () => {
    await expect(
      testEngine({ catalog: demoCatalog, triggers: { paths: 'no' } as never }),
    ).rejects.toMatchObject({ issues: [{ path: 'triggers.paths' }] });
    const session = await (await testEngine({ catalog: demoCatalog })).createSession();
    const error = await session.setTriggers({ colors: false } as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe('switches.colors');
  });
});
