import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { kitEngine, largeCatalog } from '../../test/fixtures.js';
import { darkStory, failingStory, loadingStory } from '../../test/state-stories.js';
import { renderForSession } from '../../test/story.js';
import { ContextPicker } from './context-picker.js';

async function pickerSession(large = false) {
  const engine = await kitEngine(large ? { catalog: largeCatalog(200) } : {});
  const session = await engine.createSession();
  return { engine, sessionId: session.id };
}

const meta = {
  title: 'Components/ContextPicker',
  component: ContextPicker,
  args: { sessionId: '' },
  loaders: [async () => pickerSession()],
  render: renderForSession(ContextPicker),
} satisfies Meta<typeof ContextPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const manual = await canvas.findByRole('checkbox', { name: /^Error Handling/ });
    await userEvent.click(manual);
    await waitFor(() => expect(manual).toBeChecked());
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox'), 'file');
    await waitFor(() => expect(canvas.queryByRole('checkbox', { name: /^Authentication Rules/ })).toBeNull());
    await expect(canvas.getByRole('checkbox', { name: /^filesystem:read_file/ })).toBeVisible();
  },
};

/** 200 catalog items, some with names that must wrap. */
export const TwoHundredItems: Story = {
  loaders: [async () => pickerSession(true)],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^200 shown/)).toBeVisible();
  },
};

export const NoMatch: Story = {
  args: { defaultQuery: 'no such item' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No items match “no such item”.')).toBeVisible();
  },
};

/** Tab into the list; Space toggles an item. */
export const KeyboardUse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const search = await canvas.findByRole('searchbox');
    await userEvent.click(search);
    await userEvent.tab();
    const first = canvas.getByRole('checkbox', { name: /^Authentication Rules/ });
    await expect(first).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(first).not.toBeChecked());
  },
};

export const Loading: Story = loadingStory('Loading…');

export const ErrorState: Story = { name: 'Error', ...failingStory };

/** The default story in the dark scheme, so axe checks contrast there too. */
export const Dark: Story = darkStory;
