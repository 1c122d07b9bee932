import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine, largeCatalog } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextPicker } from './context-picker.js';

describe('ContextPicker', () => {
  test('checks what the session holds; toggling adds and removes items in the store', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <ContextPicker sessionId={session.id} />
      </Kit>,
    );
    const always = screen.getByRole('checkbox', { name: /^Authentication Rules/ });
    await expect.element(always).toBeChecked();
    const manual = screen.getByRole('checkbox', { name: /^Error Handling/ });
    await expect.element(manual).not.toBeChecked();
    await manual.click();
    await expect.element(manual).toBeChecked();
    const stored = async () => (await engine.store.loadSession(session.id))?.record.contextItems ?? [];
    expect(await stored()).toContainEqual({ type: 'rule', name: 'Error Handling', includeMode: 'manual' });
    // From the keyboard: Space toggles the focused checkbox.
    (always.element() as HTMLInputElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(always).not.toBeChecked();
    expect((await stored()).map((item) => item.name)).not.toContain('Authentication Rules');
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('search narrows 200 items by name, server or description; no match says so', async () => {
    const engine = await kitEngine({ catalog: largeCatalog(200) });
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <ContextPicker sessionId={session.id} />
      </Kit>,
    );
    await expect.element(screen.getByText('200 shown', { exact: false })).toBeVisible();
    const search = screen.getByRole('searchbox', { name: 'Search rules, references and tools' });
    await search.fill('schema');
    await expect.element(screen.getByText('25 shown', { exact: false })).toBeVisible();
    await expect.element(screen.getByRole('group', { name: /^Rules/ })).not.toBeInTheDocument();
    await search.fill('no such thing');
    await expect.element(screen.getByText('No items match “no such thing”.')).toBeVisible();
  });
});
