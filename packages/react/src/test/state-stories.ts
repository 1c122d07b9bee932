import { expect, waitFor, within } from 'storybook/test';
import { brokenEngine } from './fixtures.js';

interface Canvas {
  readonly canvasElement: HTMLElement;
}

/**
 * The stories every data-backed component has, spread into each story file's own exports so the story names stay
 * in the files Storybook indexes.
 */

/** The store never answers: the component shows its loading status with `text`. */
export function loadingStory(text: string) {
  return {
    loaders: [async () => brokenEngine('pending')],
    play: async ({ canvasElement }: Canvas) => {
      await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(text);
    },
  };
}

/** The store fails: the component says so in an alert. */
export const failingStory = {
  loaders: [async () => brokenEngine('failing')],
  play: async ({ canvasElement }: Canvas) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('could not be opened');
  },
};

/** The default story in the dark scheme, so axe checks contrast there too. */
export const darkStory = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }: Canvas) => {
    await expect(canvasElement.querySelector('[data-theme="dark"]')).not.toBeNull();
    // Check contrast on the loaded view, not on its loading state.
    await waitFor(() => expect(canvasElement.querySelector('[data-state="ready"]')).not.toBeNull());
  },
};
