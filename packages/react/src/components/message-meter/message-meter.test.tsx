import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { MessageMeter } from './message-meter.js';

describe('MessageMeter', () => {
  test('one line of what the request took under the reply, opening to every part with its share', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.addItem({ type: 'reference', name: 'Style Guide' });
    const prepared = await session.prepare('How should I name files?');
    const { assistantMessage, messages } = await session.commit(prepared, 'In kebab case.');
    const userMessage = messages[0] as { id: string };
    const used = prepared.plan.budget.used;
    const screen = await render(
      <Kit engine={engine}>
        <MessageMeter sessionId={session.id} messageId={assistantMessage.id} />
        <MessageMeter sessionId={session.id} messageId={userMessage.id} data-testid="none" />
      </Kit>,
    );
    const line = screen.getByText(new RegExp(`^${used.toLocaleString('en-US')} tokens: `));
    await expect.element(line).toBeVisible();
    expect(screen.container.querySelector('[data-testid="none"]')).toBeNull();
    const references = screen.getByText('References', { exact: true });
    await expect.element(references).not.toBeVisible();
    await userEvent.click(line);
    await expect.element(references).toBeVisible();
    const total = prepared.plan.sections.references.tokens;
    // Another part may take as many tokens as the references: any row with their count and share will do.
    await expect
      .element(screen.getByText(new RegExp(`^${total} tokens, \\d+% of the request$`)).first())
      .toBeVisible();
    await expect
      .element(
        screen.getByText(
          `${used.toLocaleString('en-US')} of ${prepared.plan.budget.available.toLocaleString('en-US')} tokens available`,
        ),
      )
      .toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
