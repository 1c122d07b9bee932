import { createApproximateCounter, createEngine, MemoryStore, ValidationError } from '@ctxkit/core';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitCatalog } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { checkRetentionProps, RetentionSetting } from './retention-setting.js';

/** Two conversations from January, one from March, on an engine whose clock the test moves. */
async function agedConversations() {
  let clock = new Date(Date.UTC(2026, 0, 1));
  let id = 0;
  const engine = await createEngine({
    catalog: kitCatalog,
    model: 'test-model',
    contextWindow: 8_000,
    store: new MemoryStore(),
    tokenizer: createApproximateCounter(),
    now: () => clock,
    newId: () => `id-${++id}`,
  });
  await engine.createSession({ title: 'January A' });
  await engine.createSession({ title: 'January B' });
  clock = new Date(Date.UTC(2026, 2, 1));
  await engine.createSession({ title: 'March' });
  return { engine, now: () => clock };
}

function Setting({ now }: { now: () => Date }) {
  const [days, setDays] = useState<number | null>(null);
  return <RetentionSetting value={days} onChange={setDays} now={now} />;
}

describe('RetentionSetting', () => {
  test('says how many conversations are older than the chosen age, and deletes them after a confirmation', async () => {
    const { engine, now } = await agedConversations();
    const screen = await render(
      <Kit engine={engine}>
        <Setting now={now} />
      </Kit>,
    );
    const age = screen.getByRole('combobox', { name: 'Delete conversations older than' });
    await expect.element(age).toHaveValue('');
    await userEvent.selectOptions(age, '90 days');
    await expect.element(screen.getByRole('status')).toHaveTextContent('No conversation is older than that.');
    await userEvent.selectOptions(age, '30 days');
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('2 conversations are older than that.');
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete them now' }));
    await expect.element(screen.getByText(/^Delete 2 conversations, with their branches/)).toBeVisible();
    expect((await engine.listSessions()).length).toBe(3); // nothing is deleted before the confirmation
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete', exact: true }));
    await expect.element(screen.getByRole('status')).toHaveTextContent('Deleted 2 conversations.');
    expect((await engine.listSessions()).map((record) => record.title)).toEqual(['March']);
  });

  test('Cancel deletes nothing', async () => {
    const { engine, now } = await agedConversations();
    const screen = await render(
      <Kit engine={engine}>
        <RetentionSetting value={30} onChange={() => {}} now={now} />
      </Kit>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete them now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.element(screen.getByRole('button', { name: 'Delete them now' })).toBeVisible();
    expect((await engine.listSessions()).length).toBe(3);
  });

  test('ages that are not positive numbers of days are refused with their path', () => {
    const pathsOf = (run: () => void) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).issues.map((issue) => issue.path);
      }
      throw new Error('did not throw');
    };
    expect(pathsOf(() => checkRetentionProps(0, [7]))).toEqual(['value']);
    expect(pathsOf(() => checkRetentionProps(null, [7, Number.NaN, -1]))).toEqual([
      'choices[1]',
      'choices[2]',
    ]);
    expect(pathsOf(() => checkRetentionProps('30', '7'))).toEqual(['value', 'choices']);
    expect(() => checkRetentionProps(null, [7, 30])).not.toThrow();
    expect(pathsOf(() => checkRetentionProps(30, [30], { onChange: undefined, now: 'today' }))).toEqual([
      'onChange',
      'now',
    ]);
  });
});
