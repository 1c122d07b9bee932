import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { BudgetMeter } from '../components/budget-meter/index.js';
import { ContextDetails } from '../components/context-details/index.js';
import { PinButton } from '../components/pin-button/index.js';
import { TokenMeter } from '../components/token-meter/index.js';
import { type AnyEngine, CtxkitProvider, type CtxkitProviderProps } from '../provider/index.js';
import { conversation } from '../test/fixtures.js';
import { GERMAN } from '../test/german.js';
import { asLoaded } from '../test/story.js';

type LocalizedKitProps = Pick<CtxkitProviderProps, 'locale' | 'labels'> & {
  readonly engine: AnyEngine;
  readonly sessionId: string;
  readonly replyId: string;
};

/** The kit under one provider with a locale and labels: every component follows them. */
function LocalizedKit({ engine, locale, labels, sessionId, replyId }: LocalizedKitProps) {
  const [client] = useState(() => new QueryClient());
  return (
    <CtxkitProvider engine={engine} queryClient={client} locale={locale} labels={labels}>
      <div className="ctxkit-story-frame">
        <BudgetMeter sessionId={sessionId} draft="Wie lese ich eine Datei sicher?" debounceMs={0} />
        <TokenMeter variant="compact" maxTokens={128_000} usedTokens={7_200} />
        <PinButton
          sessionId={sessionId}
          target={{ kind: 'item', ref: { type: 'rule', name: 'Logging' } }}
          name="Logging"
        />
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </div>
    </CtxkitProvider>
  );
}

const meta = {
  title: 'Localization/German',
  args: { locale: 'de', labels: GERMAN },
  loaders: [async () => conversation()],
  render: (args, { loaded }) => {
    const { engine, sessionId, replyId = '' } = asLoaded(loaded);
    return <LocalizedKit {...args} engine={engine} sessionId={sessionId} replyId={replyId} />;
  },
} satisfies Meta<Pick<LocalizedKitProps, 'locale' | 'labels'>>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * `locale="de"` with some German labels: numbers as German writes them ("1.234"), plural forms by German rules
 * ("1 Regel", "2 Regeln"), and labels the host did not translate in English.
 */
export const German: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('meter', { name: 'Kontextbudget' })).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelector('.ctxkit-meter__figures')?.textContent).toMatch(
        /^Diese Nachricht: [\d.]+ \/ [\d.]+ Tokens$/,
      ),
    );
    await expect(canvas.getByText('7200 / 128.000 Tokens')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Anheften Logging' })).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Verwendeter Kontext' })).toBeVisible();
    await expect(await canvas.findByText(/^\d+ Regeln? \(/)).toBeVisible();
  },
};
