import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { itemKey } from '../catalog/index.js';
import { BudgetError } from '../errors/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import { MemoryStore } from '../store/index.js';
import { demoCatalog, testEngine } from './engine.fixtures.js';

const refs = [
  ...(demoCatalog.rules ?? []).map((rule) => ({ type: 'rule' as const, name: rule.name })),
  ...(demoCatalog.references ?? []).map((reference) => ({
    type: 'reference' as const,
    name: reference.name,
  })),
  ...(demoCatalog.tools ?? []).map((tool) => ({
    type: 'tool' as const,
    name: tool.name,
    serverName: tool.server,
  })),
];
const words = ['file', 'database', 'schema', 'error', 'read', 'query', 'token', 'users', 'disk', 'hello'];

const action = fc.oneof(
  fc.record({
    op: fc.constant('turn' as const),
    text: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }),
    tools: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('rollback' as const),
    text: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }),
  }),
  fc.record({ op: fc.constant('add' as const), ref: fc.constantFrom(...refs) }),
  fc.record({ op: fc.constant('remove' as const), ref: fc.constantFrom(...refs) }),
  fc.record({
    op: fc.constant('pin' as const),
    ref: fc.constantFrom(...refs),
    kind: fc.constantFrom('sticky', 'leased', 'ephemeral'),
  }),
  fc.record({ op: fc.constant('mode' as const), mode: fc.constantFrom('off', 'light', 'heavy', null) }),
);

describe('a session under any sequence of actions', () => {
  test('keeps the invariants: request context ⊇ session context, no duplicates, within budget, rollback leaves no trace', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { maxLength: 25 }),
        fc.integer({ min: 900, max: 6_000 }),
        async (actions, window) => {
          const store = new MemoryStore();
          const engine = await testEngine({ store, contextWindow: window, reservedOutput: 200 });
          const session = await engine.createSession();
          for (const step of actions) {
            if (step.op === 'add') await session.addItem(step.ref);
            else if (step.op === 'remove') await session.removeItem(step.ref);
            else if (step.op === 'mode') await session.setMode(step.mode);
            else if (step.op === 'pin') {
              await session.pin(
                { kind: 'item', ref: step.ref },
                step.kind === 'leased'
                  ? { kind: 'leased', lease: { kind: 'turns', turns: 2 } }
                  : { kind: step.kind },
              );
            } else {
              const before = {
                messages: [...session.messages],
                record: session.record,
                plans: await store.listPlans(session.id),
              };
              let prepared: Awaited<ReturnType<typeof session.prepare>>;
              try {
                prepared = await session.prepare(step.text.join(' '));
              } catch (error) {
                expect(error).toBeInstanceOf(BudgetError);
                expect(session.isTurnOpen).toBe(false);
                continue;
              }
              const { plan, requestContext } = prepared;
              expect(plan.budget.used).toBeLessThanOrEqual(plan.budget.available);
              const keys = requestContext.items.map(itemKey);
              expect(new Set(keys).size).toBe(keys.length);
              for (const item of session.contextItems) {
                const entry = engine.catalog.get(item);
                if (entry?.enabled) expect(keys).toContain(itemKey(item));
              }
              if (step.op === 'rollback') {
                session.rollback(prepared);
                expect(session.messages).toEqual(before.messages);
                expect(session.record).toBe(before.record);
                expect(await store.listPlans(session.id)).toEqual(before.plans);
                continue;
              }
              let final = prepared;
              if (step.tools) {
                const call = {
                  id: `call-${session.record.turnCount}`,
                  name: 'database__query',
                  arguments: { sql: 'select 1' },
                };
                try {
                  final = await session.continue(prepared, { content: '', toolCalls: [call] }, [
                    { toolCallId: call.id, content: '1' },
                  ]);
                } catch (error) {
                  expect(error).toBeInstanceOf(BudgetError);
                  session.rollback(prepared);
                  continue;
                }
              }
              await session.commit(final, 'ok');
              const sent = (final.request as OpenAIChatRequest).messages;
              const calls = new Set(
                sent.flatMap((message) =>
                  message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.id) : [],
                ),
              );
              const answered = new Set(
                sent.flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : [])),
              );
              expect(answered).toEqual(calls);
            }
          }
          const reloaded = await store.loadSession(session.id);
          expect(reloaded?.messages).toEqual(session.messages);
          expect(reloaded?.record).toEqual(session.record);
        },
      ),
      { numRuns: 150 },
    );
  });
});
