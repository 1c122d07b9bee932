import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { kitEngine } from '../../test/fixtures.js';
import { asLoaded, Frame } from '../../test/story.js';
import { TaskField } from './task-field.js';
import { WorkspaceEditor } from './workspace-editor.js';

async function session() {
  const engine = await kitEngine();
  const created = await engine.createSession();
  await created.setWorkspace('Open file: src/upload.ts');
  await created.setTask('v2');
  return { engine, sessionId: created.id };
}

const meta = {
  title: 'Components/SessionSettings',
  component: WorkspaceEditor,
  args: { sessionId: '' },
  loaders: [async () => session()],
  render: (args, { loaded }) => {
    const { engine, sessionId } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <WorkspaceEditor {...args} sessionId={sessionId} />
        <TaskField sessionId={sessionId} />
      </Frame>
    );
  },
} satisfies Meta<typeof WorkspaceEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A workspace and a task in force; a new task is set from the keyboard. */
export const WorkspaceAndTask: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Workspace' })).toHaveValue(
      'Open file: src/upload.ts',
    );
    const task = await canvas.findByRole('textbox', { name: 'Current task' });
    await userEvent.clear(task);
    await userEvent.type(task, 'v3{Enter}');
    await expect(await canvas.findByText('Current task: v3')).toBeVisible();
  },
};
