import { ValidationError } from '@ctxkit/core';
import { leaseText, selectionSummary } from '@ctxkit/core/view';
import { QueryClient } from '@tanstack/react-query';
import { Component, createRef, type ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { BudgetMeter } from '../components/budget-meter/index.js';
import { ContextDetails } from '../components/context-details/index.js';
import { PinButton } from '../components/pin-button/index.js';
import { TokenMeter } from '../components/token-meter/index.js';
import { CtxkitProvider } from '../provider/index.js';
import { axeViolations } from '../test/axe.js';
import { conversation, kitEngine } from '../test/fixtures.js';
import { GERMAN } from '../test/german.js';
import '../styles/ctxkit.css';
import {
  type CtxkitLabelOverrides,
  CtxkitLocale,
  createFormat,
  DEFAULT_LABELS,
  useCtxkitFormat,
} from './index.js';

const DRAFT = 'How do I read a file from disk and write the file safely?';
// French and German put narrow or plain no-break spaces in numbers ("42 000", "33 %"): compared as plain spaces.
const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Catches what a child throws while rendering, to look at the error. */
class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>caught</p> : this.props.children;
  }
}

/** The paths of the ValidationError a render threw. */
async function thrownPaths(node: ReactNode): Promise<string[]> {
  const boundary = createRef<Catch>();
  const screen = await render(<Catch ref={boundary}>{node}</Catch>);
  await expect.element(screen.getByText('caught')).toBeInTheDocument();
  const error = boundary.current?.state.error;
  await screen.unmount();
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((issue) => issue.path);
}

/** A custom part: the provider's locale and labels through the hook. */
function Custom() {
  const format = useCtxkitFormat();
  return (
    <p>
      {format.labels.meter.title}: {format.compact(7_200)} · {format.date('2026-05-07T12:00:00Z')}
    </p>
  );
}

describe('locale and labels', () => {
  test('a French TokenMeter writes its numbers, compact numbers and percentage the French way, axe clean', async () => {
    const screen = await render(
      <div>
        <TokenMeter locale="fr" maxTokens={128_000} usedTokens={42_000} usage={{ inputTokens: 42_000 }} />
        <TokenMeter locale="fr" variant="compact" maxTokens={128_000} usedTokens={7_200} />
      </div>,
    );
    const [full, compact] = [...screen.container.querySelectorAll('.ctxkit-meter__figures')];
    expect(spaces(full?.textContent)).toBe('42 000 / 128 000 tokens (33 %)');
    expect(spaces(compact?.textContent)).toBe('7,2 k / 128 k tokens');
    expect(spaces(screen.container.querySelector('.ctxkit-meter__last')?.textContent)).toBe(
      'Last reply: Input 42 000',
    );
    expect(spaces(screen.container.querySelector('[role="meter"]')?.getAttribute('aria-valuetext'))).toBe(
      '42 000 of 128 000 tokens (33 %)',
    );
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('without a locale, English as before: no provider, or a provider without one', async () => {
    const screen = await render(
      <div>
        <TokenMeter variant="compact" maxTokens={128_000} usedTokens={7_200} />
        <CtxkitProvider engine={await kitEngine()} queryClient={new QueryClient()}>
          <TokenMeter maxTokens={128_000} usedTokens={42_000} />
        </CtxkitProvider>
      </div>,
    );
    const [compact, full] = [...screen.container.querySelectorAll('.ctxkit-meter__figures')];
    expect(compact?.textContent).toBe('7.2k / 128k tokens');
    expect(full?.textContent).toBe('42,000 / 128,000 tokens (33%)');
    expect(screen.getByRole('meter', { name: 'Context window' }).elements()).toHaveLength(2);
  });

  test('the provider localizes the kit: German numbers and labels in BudgetMeter, also as accessible names', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const expected = await session.estimate(DRAFT);
    const screen = await render(
      <CtxkitProvider engine={engine} queryClient={new QueryClient()} locale="de" labels={GERMAN}>
        <BudgetMeter sessionId={session.id} draft={DRAFT} debounceMs={0} />
      </CtxkitProvider>,
    );
    const meter = screen.getByRole('meter', { name: 'Kontextbudget' });
    await expect.element(meter).toBeInTheDocument();
    const { used, available } = expected.budget;
    const de = (value: number) => value.toLocaleString('de');
    expect(available).toBeGreaterThanOrEqual(1000);
    await expect
      .element(screen.getByText(/^Diese Nachricht:/))
      .toHaveTextContent(`Diese Nachricht: ${de(used)} / ${de(available)} Tokens`);
    expect(spaces(meter.element().getAttribute('aria-valuetext'))).toBe(
      `${de(used)} von ${de(available)} Tokens (${Math.round((used / available) * 100)} %)`,
    );
    const mode = screen.getByRole('button', { name: 'Kontext: Leicht' });
    await expect
      .element(mode)
      .toHaveAttribute('title', 'Kontextmodus Leicht. Klicken oder Alt+Shift+M drücken für Schwer.');
    await expect.element(screen.getByRole('button', { name: 'Aufschlüsselung' })).toBeInTheDocument();
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('plural labels take the form the plural rules of the locale choose, with the count formatted', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const target = { kind: 'item', ref: { type: 'rule', name: 'Logging' } } as const;
    const screen = await render(
      <CtxkitProvider engine={engine} queryClient={new QueryClient()} locale="de" labels={GERMAN}>
        <PinButton sessionId={session.id} target={target} name="Logging" turns={1} />
        <CtxkitLocale labels={{ pinButton: { pin: 'Merken' } }}>
          <PinButton sessionId={session.id} target={target} name="Logging" turns={1200} />
        </CtxkitLocale>
      </CtxkitProvider>,
    );
    await screen.getByRole('button', { name: 'Anheften Logging' }).click();
    await expect
      .element(screen.getByRole('group', { name: 'Logging wie lange anheften?' }))
      .toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Für den nächsten Zug' })).toBeInTheDocument();
    // A nested CtxkitLocale changes one label and keeps the provider's others and its locale.
    await screen.getByRole('button', { name: 'Merken Logging' }).click();
    await expect
      .element(screen.getByRole('button', { name: 'Für die nächsten 1.200 Züge' }))
      .toBeInTheDocument();
    expect(await axeViolations(screen.container)).toEqual([]);

    // Categories beyond one and other: Russian "few" for 3, "many" for 5; French says "one" for 0.
    const forms = { one: '{count} ход', few: '{count} хода', many: '{count} ходов', other: '{count} хода' };
    const ru = createFormat('ru');
    expect([1, 3, 5, 1.5].map((count) => ru.text(forms, { count }))).toEqual([
      '1 ход',
      '3 хода',
      '5 ходов',
      '1,5 хода',
    ]);
    const days = { one: '{count} jour', other: '{count} jours' };
    expect(createFormat('fr').text(days, { count: 0 })).toBe('0 jour');
    expect(createFormat('en').text(days, { count: 0 })).toBe('0 jours');
  });

  test('the selection summary and lease scopes follow the labels and the locale', () => {
    const de = createFormat('de', GERMAN);
    const items = [
      { type: 'rule', includeMode: 'always' },
      ...Array.from({ length: 1500 }, () => ({ type: 'tool', includeMode: 'manual' }) as const),
    ] as const;
    expect(selectionSummary(items, de)).toBe('1 Regel (immer), 1.500 Werkzeuge (alle manuell)');
    expect(selectionSummary([], de)).toBe('Keine Einträge');
    expect(selectionSummary(items)).toBe('1 rule (always), 1,500 tools (all manual)');
    const turns = createFormat('de', {
      reasons: {
        leaseTurns: { one: 'noch {remaining} von {count} Zug', other: 'noch {remaining} von {count} Zügen' },
      },
    });
    expect(leaseText({ kind: 'turns', turns: 1, remaining: 1 }, turns)).toBe('noch 1 von 1 Zug');
    expect(leaseText({ kind: 'turns', turns: 3, remaining: 2 }, turns)).toBe('noch 2 von 3 Zügen');
  });

  test('a label override replaces the text and the accessible name; the rest stays English', async () => {
    const { engine, sessionId, replyId } = await conversation();
    const labels: CtxkitLabelOverrides = {
      details: { heading: 'What the model saw', forgetName: 'Never recall {item}' },
      tokenMeter: { title: 'Window' },
    };
    const screen = await render(
      <CtxkitProvider engine={engine} queryClient={new QueryClient()} labels={labels}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
        <TokenMeter maxTokens={100} usedTokens={10} labels={{ tokenMeter: { title: 'Own window' } }} />
      </CtxkitProvider>,
    );
    await expect.element(screen.getByRole('heading', { name: 'What the model saw' })).toBeInTheDocument();
    expect(screen.container.textContent).not.toContain('Context used');
    // English elsewhere, as before.
    await expect.element(screen.getByText(/^· [\d,]+ tokens$/)).toBeInTheDocument();
    // The component's own labels win over the provider's.
    await expect.element(screen.getByRole('meter', { name: 'Own window' })).toBeInTheDocument();
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('useCtxkitFormat gives custom parts the same locale and labels', async () => {
    const screen = await render(
      <CtxkitProvider
        engine={await kitEngine()}
        queryClient={new QueryClient()}
        locale="fr"
        labels={{ meter: { title: 'Budget' } }}
      >
        <Custom />
      </CtxkitProvider>,
    );
    expect(spaces(screen.container.textContent)).toBe('Budget: 7,2 k · 07/05/2026');
  });

  test('a wrong locale or label is a ValidationError naming it, thrown by the provider or component given it', async () => {
    const engine = await kitEngine();
    expect(
      await thrownPaths(
        <CtxkitProvider engine={engine} queryClient={new QueryClient()} locale="de_DE">
          <p>never</p>
        </CtxkitProvider>,
      ),
    ).toEqual(['locale']);
    const wrong = {
      meter: { title: 42, nope: 'x' },
      pinButton: { leased: { one: 'a turn' }, sticky: { other: 'plural where a string is' } },
      summary: { rule: { other: '{count}', several: 'x' } },
      modes: 'Off',
    } as unknown as CtxkitLabelOverrides;
    expect(
      await thrownPaths(
        <CtxkitProvider engine={engine} queryClient={new QueryClient()} labels={wrong}>
          <p>never</p>
        </CtxkitProvider>,
      ),
    ).toEqual([
      'labels.meter.title',
      'labels.meter.nope',
      'labels.pinButton.leased',
      'labels.pinButton.sticky',
      'labels.summary.rule.several',
      'labels.modes',
    ]);
    expect(
      await thrownPaths(
        <TokenMeter
          maxTokens={100}
          usedTokens={10}
          locale=""
          labels={{ tokenMeter: { title: null } } as never}
        />,
      ),
    ).toEqual(['locale', 'labels.tokenMeter.title']);
    expect(() => createFormat('en', { toolTrace: { heading: ['Tool calls'] } } as never)).toThrow(
      /labels\.toolTrace\.heading: must be a string/,
    );
  });

  test('the defaults are the English the kit always showed', () => {
    expect(DEFAULT_LABELS.meter.title).toBe('Context budget');
    expect(createFormat().text(DEFAULT_LABELS.reasons.history, { count: 1 })).toBe('history, 1 turn back');
    expect(createFormat().difference(-1200)).toBe('−1,200');
    expect(createFormat().score(0.8712)).toBe('0.87');
    expect(createFormat('de').score(0.8712)).toBe('0,87');
  });
});
