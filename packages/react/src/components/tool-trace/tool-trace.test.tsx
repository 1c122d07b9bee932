import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ToolTrace } from './tool-trace.js';

/** A turn through the tool loop: two calls, one failing, one with an output too large to send whole. */
async function turnWithTools() {
  const engine = await kitEngine();
  const session = await engine.createSession();
  let turn = await session.prepare('List the files and read the log');
  const big = `line <b>markup</b>\n${'x'.repeat(20_000)}THE END`;
  turn = await session.continue(
    turn,
    {
      content: '',
      toolCalls: [
        { id: 'call-1', name: 'filesystem__read_file', arguments: { path: '/var/log/app.log' } },
        {
          id: 'call-2',
          name: 'filesystem__delete_file',
          arguments: { path: '<img src=x onerror=alert(1)>' },
        },
      ],
    },
    [
      { toolCallId: 'call-1', content: big },
      { toolCallId: 'call-2', content: 'Permission denied', isError: true },
    ],
  );
  const { assistantMessage } = await session.commit(turn, 'The log ends with THE END; deleting was refused.');
  return { engine, sessionId: session.id, replyId: assistantMessage.id };
}

describe('ToolTrace', () => {
  test('shows each call with its arguments and result, a failure marked, as text', async () => {
    const { engine, sessionId, replyId } = await turnWithTools();
    const screen = await render(
      <Kit engine={engine}>
        <ToolTrace sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    const trace = screen.getByRole('region', { name: 'Tool calls' });
    await expect.element(trace.getByRole('heading', { name: 'Tool calls (2)' })).toBeVisible();
    const steps = [...trace.element().querySelectorAll('li')];
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['ok', 'error']);
    expect(steps.map((step) => step.querySelector('summary')?.textContent)).toEqual([
      'filesystem: read_file (done)',
      'filesystem: delete_file (failed)',
    ]);
    await userEvent.click(trace.getByText('filesystem: delete_file'));
    await expect.element(trace.getByText('Permission denied')).toBeVisible();
    expect(trace.element().querySelector('img, b')).toBeNull();
    expect(trace.element().textContent).toContain('"path": "<img src=x onerror=alert(1)>"');
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('says which calls the user allowed and which they denied', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    let turn = await session.prepare('Read the log, then delete it');
    turn = await session.continue(
      turn,
      {
        content: '',
        toolCalls: [
          { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'app.log' } },
          { id: 'call-2', name: 'filesystem__delete_file', arguments: { path: 'app.log' } },
          { id: 'call-3', name: 'filesystem__read_file', arguments: { path: 'b.log' } },
        ],
      },
      [
        { toolCallId: 'call-1', content: 'ok', approval: 'approved' },
        {
          toolCallId: 'call-2',
          content: 'The user did not allow this call.',
          isError: true,
          approval: 'denied',
        },
        { toolCallId: 'call-3', content: 'ok' },
      ],
    );
    const { assistantMessage } = await session.commit(turn, 'Read it; deleting was not allowed.');
    const screen = await render(
      <Kit engine={engine}>
        <ToolTrace sessionId={session.id} messageId={assistantMessage.id} />
      </Kit>,
    );
    const trace = screen.getByRole('region', { name: 'Tool calls' });
    await expect.element(trace.getByRole('heading', { name: 'Tool calls (3)' })).toBeVisible();
    const steps = [...trace.element().querySelectorAll('li')];
    expect(steps.map((step) => step.querySelector('summary')?.textContent)).toEqual([
      'filesystem: read_file (done, allowed by the user)',
      'filesystem: delete_file (denied by the user)',
      'filesystem: read_file (done)',
    ]);
    expect(steps.map((step) => step.dataset.approval)).toEqual(['approved', 'denied', 'none']);
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('a large output shows its preview, and loads whole on request', async () => {
    const { engine, sessionId, replyId } = await turnWithTools();
    const screen = await render(
      <Kit engine={engine}>
        <ToolTrace sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    await userEvent.click(screen.getByText('filesystem: read_file'));
    const first = screen.getByRole('listitem').first();
    expect(first.element().textContent).not.toContain('THE END');
    await first.getByRole('button', { name: 'Show the whole output' }).click();
    await expect.poll(() => first.element().textContent?.includes('THE END')).toBe(true);
    expect(first.element().querySelector('b')).toBeNull();
  });

  test('renders nothing for a turn without tool calls', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const { assistantMessage } = await session.commit(await session.prepare('Hello'), 'Hi.');
    const screen = await render(
      <Kit engine={engine}>
        <div data-testid="host">
          <ToolTrace sessionId={session.id} messageId={assistantMessage.id} />
        </div>
      </Kit>,
    );
    await expect.element(screen.getByTestId('host')).toBeInTheDocument();
    expect(screen.getByTestId('host').element().children).toHaveLength(0);
  });
});
