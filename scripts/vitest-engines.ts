import { defineBrowserProvider } from '@vitest/browser';
import { type Engine, type EngineHandle, launchEngine } from './engines.js';

// A Vitest browser provider for Firefox and WebKitGTK (scripts/engines.ts launches them). It only opens the test
// page: tests that need Vitest's page interactions (`userEvent`, locators) or module mocking run in Chromium under
// the Playwright provider; the suites this provider runs use neither.
//
//   instances: [{ browser: 'firefox', provider: engines() }, { browser: 'webkit', provider: engines() }]

// Vitest's provider types, reached through @vitest/browser (the repository root does not depend on vitest itself).
type BrowserProviderOption = ReturnType<typeof defineBrowserProvider>;
type BrowserProvider = ReturnType<Parameters<typeof defineBrowserProvider>[0]['providerFactory']>;

export function engines(): BrowserProviderOption {
  return defineBrowserProvider({
    name: 'ctxkit-engines',
    supportedBrowser: ['firefox', 'webkit'],
    providerFactory(project) {
      const engine = project.config.browser.name as Engine;
      const headless = project.config.browser.headless;
      let handle: Promise<EngineHandle> | undefined;
      const provider: BrowserProvider = {
        name: 'ctxkit-engines',
        // One page runs every test file in turn, as in Chromium with file parallelism off.
        supportsParallelism: false,
        getCommandsContext: () => ({}),
        async openPage(sessionId, url) {
          handle ??= launchEngine(engine, { headless });
          await (await handle).open(sessionId, url);
        },
        async close() {
          const launched = handle;
          handle = undefined;
          if (launched) await (await launched).close();
        },
      };
      return provider;
    },
  });
}
