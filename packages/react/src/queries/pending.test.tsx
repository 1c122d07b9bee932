import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { kitEngine } from '../test/fixtures.js';
import { Kit } from '../test/kit.js';
import { useMessages } from './hooks.js';

function Transcript({ sessionId }: { sessionId: string }) {
  const messages = useMessages(sessionId);
  return (
    <ol aria-label="transcript">
      {messages.data?.map((message) => (
        <li key={message.id}>
          {message.role}:{' '}
          {message.role === 'assistant'
            ? message.modelReply.content
            : 'content' in message && message.content}
          {'pending' in message && ' (sending)'}
        </li>
      ))}
    </ol>
  );
}

/** A new session with its transcript on screen. */
async function transcriptOfNewSession() {
  const engine = await kitEngine();
  const session = await engine.createSession();
  const screen = await render(
    <Kit engine={engine}>
      <Transcript sessionId={session.id} />
    </Kit>,
  );
  return { session, screen };
}

describe('the pending turn', () => {
  test('is in the transcript from prepare on, marked pending, and stored after commit', async () => {
    const { session, screen } = await transcriptOfNewSession();
    const turn = await session.prepare('How do I log requests?');
    await expect.element(screen.getByText('user: How do I log requests? (sending)')).toBeVisible();
    await session.commit(turn, 'One line per request.');
    await expect.element(screen.getByText('user: How do I log requests?', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('assistant: One line per request.')).toBeVisible();
    expect(screen.getByRole('listitem').elements()).toHaveLength(2);
  });

  test('leaves the transcript when the turn is rolled back', async () => {
    const { session, screen } = await transcriptOfNewSession();
    const turn = await session.prepare('Never mind');
    await expect.element(screen.getByText('user: Never mind (sending)')).toBeVisible();
    session.rollback(turn);
    await expect.element(screen.getByText('user: Never mind (sending)')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem').elements()).toHaveLength(0);
  });
});
