import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { version as reactVersion } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, inject, test } from 'vitest';
import { render } from 'vitest-browser-react';

function Versions() {
  const query = useQuery({ queryKey: ['versions'], queryFn: async () => `${reactVersion}/${domVersion}` });
  return <p>{query.data ?? 'loading'}</p>;
}

describe('the React this project runs on', () => {
  test('is the major the project names, for react and react-dom alike, and renders react-query hooks', async () => {
    const major = String(inject('reactMajor'));
    expect(reactVersion.split('.')[0]).toBe(major);
    expect(domVersion.split('.')[0]).toBe(major);
    const screen = await render(
      <QueryClientProvider client={new QueryClient()}>
        <Versions />
      </QueryClientProvider>,
    );
    // One copy of React for the renderer, react-query and the component: a second would fail the hook call.
    await expect.element(screen.getByText(`${reactVersion}/${domVersion}`)).toBeVisible();
  });
});
