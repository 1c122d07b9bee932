import { type ChildProcess, spawn } from 'node:child_process';
import { remote } from 'webdriverio';
import {
  checkEngine,
  freePort,
  miniBrowserPath,
  startXvfb,
  webkitDriverPath,
} from '../../../../scripts/engines.js';
import { chord, type PageDriver, type PageEvents, type Viewport } from './driver.js';
import type { Engine } from './engine.js';
import { fillBy } from './in-page.js';
import { WEBKIT_NARROWEST } from './webkit-narrowest.js';

// WebKitGTK's MiniBrowser through Debian's WebKitWebDriver and WebdriverIO (WebDriver classic). WebKitGTK has no
// headless mode, so it draws on a private Xvfb display this module starts and stops. Each page is its own WebDriver
// session (its own browser process and storage).
// Programs, their paths and the display come from the launcher the core's browser tests use.

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

const WEBDRIVER_KEYS: Record<string, string> = {
  Alt: '\uE00A',
  Shift: '\uE008',
  Control: '\uE009',
  Meta: '\uE03D',
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
};

async function waitForDriver(port: number, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('WebKitWebDriver did not start listening within 20 s');
}

// WebDriver classic reports no page errors or requests: a probe in the page collects them, and every script the
// driver runs brings back what it collected since. It is installed once the page has loaded, so it sees: every
// request that completed since navigation (the resource timing entries, buffered), every fetch and XMLHttpRequest
// from then on, failed or not (WebKit keeps no timing entry for a failed one), and uncaught errors and rejections
// from then on. An error thrown, or a request that failed, while the page was loading is not seen in WebKit.
function installProbe(): void {
  type Probe = { events: [string, string][] };
  const w = window as unknown as { __e2eProbe?: Probe };
  if (w.__e2eProbe) return;
  const probe: Probe = { events: [] };
  w.__e2eProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.events.push(['request', entry.name]);
  }).observe({ type: 'resource', buffered: true });
  const record = (url: string | URL | Request) =>
    probe.events.push(['request', new URL(url instanceof Request ? url.url : url, location.href).href]);
  const fetchBefore = window.fetch;
  window.fetch = (input, init) => {
    record(input);
    return fetchBefore.call(window, input, init);
  };
  const openBefore = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    record(args[1] as string);
    openBefore.apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;
  addEventListener('error', (event) => probe.events.push(['pageerror', String(event.message)]));
  addEventListener('unhandledrejection', (event) =>
    probe.events.push(['pageerror', String((event.reason as Error)?.message ?? event.reason)]),
  );
}

export async function launchWebKit(): Promise<Engine> {
  checkEngine('webkit');
  // The layout tests go up to 1920 px wide, so the screen is larger than the launcher's default.
  const started: ChildProcess[] = [];
  const stop = () => {
    for (const child of started.reverse()) child.kill();
  };
  const display = await startXvfb(started, '1920x1200x24').catch((error: unknown) => {
    stop();
    throw error;
  });
  const port = await freePort();
  const driverProcess = spawn(webkitDriverPath, [`--port=${port}`, '--host=local'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  });
  started.push(driverProcess);
  try {
    await waitForDriver(port, driverProcess);
  } catch (error) {
    stop();
    throw error;
  }
  let version = '';
  return {
    name: 'webkit',
    get version() {
      return version;
    },
    async newPage({ width, height }: Viewport): Promise<PageDriver> {
      const browser = await remote({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'warn',
        capabilities: {
          browserName: 'MiniBrowser',
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
        } as WebdriverIO.Capabilities,
      });
      version = String(browser.capabilities.browserVersion ?? '');
      await sizeViewport(browser, { width, height });
      return pageDriver(browser, await browser.getWindowHandle(), { current: '' }, true);
    },
    close: async () => stop(),
  };
}

/**
 * The window is the viewport plus the browser's frame: size it, then correct by what the page measures. Xvfb has no
 * window manager, so a resize is applied some time after WebDriver answers (on a loaded machine, after the first
 * measurement): each round waits for the page's size to settle before it corrects again.
 */
async function sizeViewport(browser: WebdriverIO.Browser, { width, height }: Viewport): Promise<void> {
  if (width < WEBKIT_NARROWEST)
    throw new Error(
      `MiniBrowser's viewport cannot be narrower than ${WEBKIT_NARROWEST} px, asked for ${width}`,
    );
  let outer = { width, height };
  let got: number[] = [];
  for (let round = 0; round < 6; round++) {
    await browser.setWindowSize(outer.width, outer.height);
    got = await settledViewport(browser);
    if (got[0] === width && got[1] === height) return;
    outer = {
      width: outer.width + width - (got[0] ?? width),
      height: outer.height + height - (got[1] ?? height),
    };
  }
  // A test must never pass at a size it did not ask for.
  throw new Error(`MiniBrowser's viewport is ${got.join('×')}, not the ${width}×${height} asked for`);
}

/** The page's inner size once two readings 250 ms apart agree (at most 3 s). */
async function settledViewport(browser: WebdriverIO.Browser): Promise<number[]> {
  const read = () => browser.execute(() => [window.innerWidth, window.innerHeight]);
  let last = await read();
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 250));
    const now = await read();
    if (now[0] === last[0] && now[1] === last[1]) return now;
    last = now;
  }
  return last;
}

/** Which window of a session WebDriver commands go to now: each page switches to its own before it acts. */
interface Focus {
  current: string;
}

/** The page in window `handle` of a session; the first one ends the session (its browser and profile) with it. */
function pageDriver(browser: WebdriverIO.Browser, handle: string, focus: Focus, first: boolean): PageDriver {
  const listeners: { [E in keyof PageEvents]: PageEvents[E][] } = {
    pageerror: [],
    request: [],
    requestfailed: [],
  };
  const deliver = (events: [keyof PageEvents, string][]) => {
    for (const [event, value] of events) for (const listener of listeners[event]) listener(value);
  };
  const use = async () => {
    if (focus.current === handle) return;
    await browser.switchToWindow(handle);
    focus.current = handle;
  };
  const run = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
    await use();
    const [result, events] = (await browser.execute(
      `return Promise.resolve((${fn.toString()})(arguments[0])).then((result) => {
        const probe = window.__e2eProbe;
        const events = probe ? probe.events.splice(0) : [];
        return [result === undefined ? null : result, events];
      });`,
      arg,
    )) as unknown as [R, [keyof PageEvents, string][]];
    deliver(events);
    return result;
  };
  const probe = () => run(installProbe, null);
  return {
    engine: 'webkit',
    goto: async (url) => {
      await use();
      await browser.url(url);
      await probe();
    },
    reload: async () => {
      await run(() => null, null);
      await browser.refresh();
      await probe();
    },
    evaluate: run,
    // Found and clicked with the bare WebDriver commands: no implicit wait, the caller has already waited.
    click: async (selector) => {
      await use();
      const element = await browser.findElement('css selector', selector);
      await browser.elementClick(element[ELEMENT_KEY]);
    },
    // Sending thousands of characters as key events over WebDriver takes minutes; text insertion is what paste does.
    fill: (selector, text) => fillBy(run, selector, text),
    press: async (key) => {
      await use();
      const { modifiers, key: last } = chord(key);
      const codes = [...modifiers, last].map((name) => WEBDRIVER_KEYS[name] ?? name);
      const action = browser.action('key');
      for (const code of codes) action.down(code);
      for (const code of codes.reverse()) action.up(code);
      await action.perform();
    },
    setViewport: async (viewport) => {
      await use();
      await sizeViewport(browser, viewport);
    },
    // WebDriver classic has no media emulation.
    emulateDarkScheme: async () => false,
    screenshot: async () => {
      await use();
      return Buffer.from(await browser.takeScreenshot(), 'base64');
    },
    // A new window of the same session: the same browser process, so the same storage.
    openTab: async () => {
      await use();
      const { handle: tab } = await browser.createWindow('tab');
      return pageDriver(browser, tab, focus, false);
    },
    on: (event, listener) => {
      listeners[event].push(listener as never);
    },
    close: async () => {
      if (first) return void (await browser.deleteSession());
      await use();
      await browser.closeWindow();
      focus.current = '';
    },
  };
}
