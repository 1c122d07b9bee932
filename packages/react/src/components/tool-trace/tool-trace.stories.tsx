import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { kitEngine } from '../../test/fixtures.js';
import { asLoaded, Frame } from '../../test/story.js';
import { ToolTrace } from './tool-trace.js';

async function turn() {
  const engine = await kitEngine();
  const session = await engine.createSession();
  let prepared = await session.prepare('What is in the users table?');
  prepared = await session.continue(
    prepared,
    {
      content: '',
      toolCalls: [
        { id: 'call-1', name: 'database__run_query', arguments: { sql: 'select * from users limit 2' } },
      ],
    },
    [{ toolCallId: 'call-1', content: 'id | name\n1 | Ada\n2 | Grace' }],
  );
  const { assistantMessage } = await session.commit(prepared, 'Two users: Ada and Grace.');
  return { engine, sessionId: session.id, messageId: assistantMessage.id };
}

const meta = {
  title: 'Components/ToolTrace',
  component: ToolTrace,
  args: { sessionId: '', messageId: '' },
  loaders: [async () => turn()],
  render: (args, { loaded }) => {
    const { engine, sessionId, messageId } = asLoaded(loaded) as Awaited<ReturnType<typeof turn>>;
    return (
      <Frame engine={engine}>
        <ToolTrace {...args} sessionId={sessionId} messageId={messageId} />
      </Frame>
    );
  },
} satisfies Meta<typeof ToolTrace>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A query the model ran, opened to show its arguments and result. */
export const OneCall: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByText('database: run_query'));
    await expect(await canvas.findByText(/select \* from users/)).toBeVisible();
  },
};
