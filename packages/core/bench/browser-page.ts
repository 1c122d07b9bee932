/**
 * How the Chromium benches open their page: Vite serves this package, Playwright drives the system's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium; never a downloaded one), and the page's errors reach stderr.
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { createServer } from 'vite';
import checkChromium, { CHROMIUM_ARGS, chromiumPath } from '../vitest.chromium-setup.js';

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Opens `path` (from the package root) in Chromium, with `chromiumArgs` added; `close` stops the browser and server. */
export async function openBenchPage(
  path: string,
  chromiumArgs: readonly string[] = [],
): Promise<{ readonly page: Page; close(): Promise<void> }> {
  checkChromium();
  const server = await createServer({
    configFile: false,
    root: PACKAGE_ROOT,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0 },
    optimizeDeps: { include: ['idb'] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') {
    await server.close();
    throw new Error('the Vite server has no port');
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS, ...chromiumArgs],
  });
  const close = async () => {
    await browser.close();
    await server.close();
  };
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
    await page.goto(`http://127.0.0.1:${address.port}/${path}`);
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
