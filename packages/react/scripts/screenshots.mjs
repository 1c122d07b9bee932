// Screenshots of each component in light and dark, from the static Storybook, with the system's Chromium.
//   pnpm build-storybook            (at the repository root; this script builds it when it is missing)
//   pnpm --filter @ctxkit/react screenshots
// Writes packages/react/docs/<component>-<theme>.png, shown in the README and docs/components.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { serveStatic } from './serve-static.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const staticDir = fileURLToPath(new URL('../../../storybook-static/', import.meta.url));
const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(executablePath)) {
  console.error(`Chromium not found at ${executablePath}; set CHROMIUM_PATH or install Debian's chromium.`);
  process.exit(1);
}
if (!existsSync(`${staticDir}iframe.html`)) {
  execFileSync('pnpm', ['build-storybook'], { cwd: root, stdio: 'inherit' });
}

/** Each shot: a story (its play function, if any, runs first), what shows it is done, the viewport height. */
const shots = [
  {
    name: 'context-details',
    story: 'components-contextdetails--default',
    ready: '.ctxkit-details__excluded:not([hidden])',
    height: 760,
  },
  {
    name: 'budget-meter',
    story: 'components-budgetmeter--breakdown',
    ready: '.ctxkit-meter__breakdown',
    height: 520,
  },
  {
    name: 'budget-meter-compact',
    story: 'components-budgetmeter--compact-with-input',
    ready: '.ctxkit-meter[data-state="ready"]',
    height: 200,
  },
  {
    name: 'pin-manager',
    story: 'components-pinmanager--suggested-pins',
    ready: '.ctxkit-pins[data-state="ready"]',
    height: 520,
  },
  {
    name: 'context-picker',
    story: 'components-contextpicker--default',
    ready: '.ctxkit-picker[data-state="ready"]',
    height: 640,
  },
];

mkdirSync(docs, { recursive: true });
const server = await serveStatic(staticDir);
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ deviceScaleFactor: 1, colorScheme: theme });
    for (const shot of shots) {
      await page.setViewportSize({ width: 640, height: shot.height });
      await page.goto(`${server.url}/iframe.html?id=${shot.story}&viewMode=story&globals=theme:${theme}`);
      await page.locator(shot.ready).waitFor();
      await page.waitForTimeout(300);
      const file = `${docs}${shot.name}-${theme}.png`;
      await page.screenshot({ path: file });
      console.log(`wrote ${file.slice(root.length)}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
