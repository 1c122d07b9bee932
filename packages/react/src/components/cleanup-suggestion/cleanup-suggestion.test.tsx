import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { CleanupSuggestion } from './cleanup-suggestion.js';

describe('CleanupSuggestion', () => {
  test('offers the items sent in the last turns and never used, and one click removes them all', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.addItem({ type: 'reference', name: 'Style Guide' });
    await session.addItem({ type: 'tool', name: 'list_dir', serverName: 'filesystem' });
    for (const text of ['Hello?', 'Anyone there?', 'Still there?'])
      await session.commit(await session.prepare(text), 'Yes.');
    const screen = await render(
      <Kit engine={engine}>
        <CleanupSuggestion sessionId={session.id} />
      </Kit>,
    );
    const region = screen.getByRole('region', { name: 'Sent every time, never used' });
    await expect.element(region).toBeVisible();
    await expect.element(screen.getByText('Style Guide: sent 3 times, never used')).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove all 2' }));
    await expect.poll(() => screen.container.querySelector('.ctxkit-cleanup')).toBeNull();
    const reopened = await engine.openSession(session.id);
    expect(reopened.record.contextItems.filter((item) => item.includeMode === 'manual')).toEqual([]);
  });
});
