import { ValidationError } from '@ctxkit/core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { checkTelemetryProps, TelemetryExport } from './telemetry-export.js';

async function twoTurns() {
  const engine = await kitEngine();
  const session = await engine.createSession();
  for (const text of ['How do I log errors?', 'And read a file?'])
    await session.commit(await session.prepare(text), 'Like this.');
  const other = await engine.createSession();
  await other.commit(await other.prepare('Something else'), 'Sure.');
  return { engine, sessionId: session.id };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TelemetryExport', () => {
  test("hands a conversation's telemetry to the host as JSON lines, one per turn", async () => {
    const { engine, sessionId } = await twoTurns();
    const received: string[] = [];
    const screen = await render(
      <Kit engine={engine}>
        <TelemetryExport sessionId={sessionId} onExport={(lines) => received.push(lines)} />
      </Kit>,
    );
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Export telemetry' }));
    await expect.element(screen.getByRole('status')).toHaveTextContent('Exported 2 turns.');
    const lines = (received[0] ?? '')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sessionId: string });
    expect(lines.map((line) => line.sessionId)).toEqual([sessionId, sessionId]);
  });

  test('without a handler, the browser saves the lines as a file', async () => {
    const { engine, sessionId } = await twoTurns();
    const saved: { name: string; href: string }[] = [];
    // The test stops at the click that would start the download, and reads what it would save.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const screen = await render(
      <Kit engine={engine}>
        <TelemetryExport sessionId={sessionId} fileName="support-chat.jsonl" />
      </Kit>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export telemetry' }));
    await expect.element(screen.getByRole('status')).toHaveTextContent('Exported 2 turns.');
    expect(saved.map((entry) => entry.name)).toEqual(['support-chat.jsonl']);
    const text = await (await fetch(saved[0]?.href ?? '')).text();
    expect(text.trim().split('\n')).toHaveLength(2);
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith(saved[0]?.href));
  });

  test('a file name, handler or session that cannot be used is refused with its path', () => {
    let caught: unknown;
    try {
      checkTelemetryProps({ sessionId: '', onExport: 'send', fileName: ' ' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'sessionId',
      'onExport',
      'fileName',
    ]);
    expect(() => checkTelemetryProps({ fileName: 'chat.jsonl' })).not.toThrow();
  });
});
