import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { MemoryList } from './memory-list.js';

async function engineWithMemories() {
  const engine = await kitEngine();
  const session = await engine.createSession();
  await session.setTitle('Deploy planning');
  await session.commit(await session.prepare('We deploy on Tuesdays'), 'Noted.');
  await engine.remember(session.id, [
    { kind: 'key-point', text: 'Deploys happen on Tuesdays <b>only</b>' },
    { kind: 'preference', key: 'language', value: 'TypeScript' },
  ]);
  return { engine, session };
}

describe('MemoryList', () => {
  test('lists what is remembered with where it came from, as text, and deletes one for good', async () => {
    const { engine, session } = await engineWithMemories();
    const opened: string[] = [];
    const screen = await render(
      <Kit engine={engine}>
        <MemoryList onSourceClick={(id) => opened.push(id)} />
      </Kit>,
    );
    const list = screen.getByRole('region', { name: 'Memories' });
    await expect.element(list.getByText('Deploys happen on Tuesdays <b>only</b>')).toBeVisible();
    expect(list.element().querySelector('b')).toBeNull();
    await expect.element(list.getByText('language: TypeScript')).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await list.getByRole('button', { name: 'Deploy planning' }).first().click();
    expect(opened).toEqual([session.id]);

    await list.getByRole('button', { name: 'Delete language: TypeScript' }).click();
    await expect.element(list.getByText('language: TypeScript')).not.toBeInTheDocument();
    expect((await engine.memories.list()).map((memory) => memory.kind)).toEqual(['key-point']);
  });

  test('says when nothing is remembered, and follows memories added later', async () => {
    const engine = await kitEngine();
    const screen = await render(
      <Kit engine={engine}>
        <MemoryList />
      </Kit>,
    );
    await expect.element(screen.getByText(/^Nothing remembered yet/)).toBeVisible();
    const session = await engine.createSession();
    await session.commit(await session.prepare('Hello'), 'Hi.');
    await engine.remember(session.id, [{ kind: 'key-point', text: 'The user says hello first' }]);
    await expect.element(screen.getByText('The user says hello first')).toBeVisible();
  });
});
