import { hashReferenceContent } from '@ctxkit/core';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

const MANUAL = `Deploy with the release script. ${'Each step of the release is checked twice. '.repeat(400)}`;

describe('ContextDetails: capsules', () => {
  test('a capsule sent in place of its reference is listed with the references, marked as a summary', async () => {
    const engine = await kitEngine({
      catalog: {
        references: [
          {
            name: 'Deployment manual',
            description: 'How to deploy the service',
            content: MANUAL,
            include: 'agent',
          },
        ],
      },
    });
    await engine.setCapsules([
      {
        ref: { type: 'reference', name: 'Deployment manual' },
        summary: 'Run the release script; it checks each step.',
        contentHash: hashReferenceContent(MANUAL),
      },
    ]);
    const session = await engine.createSession();
    // Heavy sends references in full, so this one does not fit and its capsule goes instead (light sends a card).
    await session.setMode('heavy');
    const prepared = await session.prepare('How do I deploy the service?');
    expect(prepared.plan.included.some((entry) => entry.candidate.kind === 'capsule')).toBe(true);
    const { assistantMessage } = await session.commit(prepared, 'Run the script.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={session.id} messageId={assistantMessage.id} />
      </Kit>,
    );
    const references = screen.getByRole('button', { name: /^References \(1\)/ });
    await expect.element(references).toBeVisible();
    const row = screen.getByText('Summary of Deployment manual');
    await expect.element(row).toBeVisible();
    await expect.element(screen.getByText('Summary', { exact: true })).toBeVisible();
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect.poll(() => root.dataset.state).toBe('ready');
    expect(await axeViolations(root)).toEqual([]);
  });

  test("a capsule's confidence and date are shown on its pill, its writer in the pill's title", async () => {
    const engine = await kitEngine({
      catalog: {
        references: [
          {
            name: 'Deployment manual',
            description: 'How to deploy the service',
            content: MANUAL,
            include: 'agent',
          },
        ],
      },
    });
    await engine.setCapsules([
      {
        ref: { type: 'reference', name: 'Deployment manual' },
        summary: 'Run the release script; it checks each step.',
        contentHash: hashReferenceContent(MANUAL),
        source: 'llm:test-model',
        confidence: 0.8,
        generatedAt: '2026-11-20',
      },
    ]);
    const session = await engine.createSession();
    // Heavy sends references in full, so this one does not fit and its capsule goes instead (light sends a card).
    await session.setMode('heavy');
    const prepared = await session.prepare('How do I deploy the service?');
    const { assistantMessage } = await session.commit(prepared, 'Run the script.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={session.id} messageId={assistantMessage.id} />
      </Kit>,
    );
    const pill = screen.getByText(/^Summary 80% · written 11\/20\/2026$/);
    await expect.element(pill).toBeVisible();
    expect(pill.element().getAttribute('title')).toBe(
      'A summary sent in place of the reference, by llm:test-model, confidence 80%, written 11/20/2026',
    );
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect.poll(() => root.dataset.state).toBe('ready');
    expect(await axeViolations(root)).toEqual([]);
  });
});
