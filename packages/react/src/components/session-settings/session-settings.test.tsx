import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { TaskField } from './task-field.js';
import { WorkspaceEditor } from './workspace-editor.js';

describe('WorkspaceEditor', () => {
  test('saves the workspace sent last with every request, and clears it', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <WorkspaceEditor sessionId={session.id} />
      </Kit>,
    );
    const field = screen.getByRole('textbox', { name: 'Workspace' });
    await expect.element(screen.getByRole('status')).toHaveTextContent('No workspace is sent.');
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.fill(field, 'Open file: <src/upload.ts>');
    await userEvent.click(screen.getByRole('button', { name: 'Save workspace' }));
    await expect.element(screen.getByRole('status')).toHaveTextContent('Saved.');
    const reopened = await engine.openSession(session.id);
    expect(reopened.record.workspace).toBe('Open file: <src/upload.ts>');
    const turn = await reopened.prepare('What is open?');
    expect(JSON.stringify(turn.request.messages.at(-1))).toContain('Open file: <src/upload.ts>');
    reopened.rollback(turn);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await expect.element(screen.getByRole('status')).toHaveTextContent('No workspace is sent.');
    expect((await engine.openSession(session.id)).record.workspace).toBeNull();
    await expect.element(field).toHaveValue('');
  });
});

describe('TaskField', () => {
  test("sets the session's task, and says how many pins for another task ended", async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.setTask('v2');
    await session.pin(
      { kind: 'card', title: 'Goal', text: 'Migrate to v2' },
      { kind: 'leased', lease: { kind: 'task', taskId: 'v2' } },
    );
    const screen = await render(
      <Kit engine={engine}>
        <TaskField sessionId={session.id} />
      </Kit>,
    );
    const field = screen.getByRole('textbox', { name: 'Current task' });
    await expect.element(field).toHaveValue('v2');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Current task: v2');

    await userEvent.fill(field, 'v3');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Current task: v3 1 pin for another task ended.');
    const reopened = await engine.openSession(session.id);
    expect(reopened.record.taskId).toBe('v3');
    expect(reopened.record.pins).toEqual([]);
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'No task' }));
    await expect.element(screen.getByRole('status')).toHaveTextContent('No task is set.');
    expect((await engine.openSession(session.id)).record.taskId).toBeNull();
  });
});
