import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';

// Firefox and WebKit as the browser tests launch them: the system's packages (Debian's firefox-esr and WebKitGTK),
// never a browser or driver a tool downloads. Firefox is driven over WebDriver BiDi by puppeteer-core, so no
// geckodriver is needed. WebKitGTK is driven over classic WebDriver by its own WebKitWebDriver, which launches
// MiniBrowser; WebKitGTK has no headless mode, so it runs on a private Xvfb display. Each launcher returns a handle
// that opens URLs and closes everything it started, so a test runner or an end-to-end script can share it.

/** FIREFOX_PATH, or Debian's Firefox ESR. */
export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** WEBKIT_DRIVER_PATH, or Debian's (package webkit2gtk-driver). */
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
/** MINIBROWSER_PATH, or the MiniBrowser Debian's libwebkit2gtk-4.1-0 ships off the PATH. */
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** XVFB_PATH, or Debian's (package xvfb). */
export const xvfbPath = process.env.XVFB_PATH || '/usr/bin/Xvfb';

export type Engine = 'firefox' | 'webkit';

const INSTALL = 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq';
const NEEDS: Record<Engine, readonly (readonly [path: string, variable: string, aptPackage: string])[]> = {
  firefox: [[firefoxPath, 'FIREFOX_PATH', 'firefox-esr']],
  webkit: [
    [webkitDriverPath, 'WEBKIT_DRIVER_PATH', 'webkit2gtk-driver'],
    [miniBrowserPath, 'MINIBROWSER_PATH', 'libwebkit2gtk-4.1-0'],
    [xvfbPath, 'XVFB_PATH', 'xvfb'],
  ],
};

/** Throws a message naming the install command when a program the engine needs is missing. */
export function checkEngine(engine: Engine): void {
  for (const [path, variable, aptPackage] of NEEDS[engine]) {
    try {
      accessSync(path, constants.X_OK);
    } catch {
      throw new Error(
        `${engine}: ${path} not found. The browser tests use the system's browsers, never downloaded ones.\n` +
          `Install it (as root, on Debian): ${INSTALL} ${aptPackage}\n` +
          `or point ${variable} at one. \`pnpm test\` at the repository root installs it when run as root.`,
      );
    }
  }
}

/** One launched browser: open a URL in a tab of its own (per key), and close all it started. */
export interface EngineHandle {
  readonly engine: Engine;
  /** The browser's own version string, for reports. */
  readonly version: string;
  open(key: string, url: string): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Firefox: headless. WebKit: on a private Xvfb display (true), or on the caller's DISPLAY (false). */
  headless: boolean;
}

export function launchEngine(engine: Engine, options: LaunchOptions): Promise<EngineHandle> {
  checkEngine(engine);
  return engine === 'firefox' ? launchFirefox(options) : launchWebKit(options);
}

async function launchFirefox({ headless }: LaunchOptions): Promise<EngineHandle> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless,
    // The machine's network may be closed, and tests must not depend on it: no background traffic.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
    },
  });
  const pages = new Map<string, import('puppeteer-core').Page>();
  return {
    engine: 'firefox',
    version: await browser.version(),
    async open(key, url) {
      let page = pages.get(key);
      if (!page) {
        page = await browser.newPage();
        pages.set(key, page);
      }
      await page.goto(url);
    },
    async close() {
      await browser.close();
    },
  };
}

async function launchWebKit({ headless }: LaunchOptions): Promise<EngineHandle> {
  const started: ChildProcess[] = [];
  const stop = (): void => {
    for (const child of started.reverse()) child.kill();
  };
  try {
    const display = headless ? await startXvfb(started) : process.env.DISPLAY;
    if (!display) throw new Error('webkit: no DISPLAY to run MiniBrowser on; run headless (a private Xvfb).');
    const port = await freePort();
    const driver = spawn(webkitDriverPath, [`--port=${port}`, '--host=local'], {
      env: { ...process.env, DISPLAY: display },
      stdio: 'ignore',
    });
    started.push(driver);
    const webdriver = new WebDriverClient(`http://127.0.0.1:${port}`);
    await webdriver.waitReady(driver);
    // One WebDriver session is one MiniBrowser window; each key gets a session of its own.
    const sessions = new Map<string, string>();
    const newSession = () =>
      webdriver.newSession({
        'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
      });
    const first = await newSession();
    const version = `WebKitGTK ${first.capabilities.browserVersion ?? ''}`.trim();
    let spare: string | undefined = first.sessionId;
    return {
      engine: 'webkit',
      version,
      async open(key, url) {
        let session = sessions.get(key);
        if (!session) {
          session = spare ?? (await newSession()).sessionId;
          spare = undefined;
          sessions.set(key, session);
        }
        await webdriver.navigate(session, url);
      },
      async close() {
        const all = [...sessions.values(), ...(spare ? [spare] : [])];
        await Promise.allSettled(all.map((session) => webdriver.deleteSession(session)));
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * Starts Xvfb on the first free display (it reports the number it took) and returns `:N`; the process is pushed on
 * `started`, for the caller to end. `screen` is `WIDTHxHEIGHTxDEPTH`.
 */
export function startXvfb(started: ChildProcess[], screen = '1280x1024x24'): Promise<string> {
  const xvfb = spawn(xvfbPath, ['-displayfd', '1', '-screen', '0', screen, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  started.push(xvfb);
  return new Promise((resolve, reject) => {
    let out = '';
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(\d+)\n/.exec(out);
      if (match) resolve(`:${match[1]}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it took a display`)));
  });
}

/** A TCP port on loopback that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The four classic WebDriver commands the launcher needs, over HTTP: no client library. */
class WebDriverClient {
  constructor(private readonly base: string) {}

  async waitReady(driver: ChildProcess, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
      try {
        const status = await this.call<{ ready?: boolean }>('GET', '/status');
        if (status.ready !== false) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`WebKitWebDriver did not answer at ${this.base} in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  newSession(
    capabilities: Record<string, unknown>,
  ): Promise<{ sessionId: string; capabilities: { browserVersion?: string } }> {
    return this.call('POST', '/session', { capabilities: { alwaysMatch: capabilities } });
  }

  async navigate(session: string, url: string): Promise<void> {
    await this.call('POST', `/session/${session}/url`, { url });
  }

  async deleteSession(session: string): Promise<void> {
    await this.call('DELETE', `/session/${session}`);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok || json.value?.error) {
      throw new Error(
        `WebDriver ${method} ${path}: ${json.value?.error ?? response.status} ${json.value?.message ?? ''}`,
      );
    }
    return json.value;
  }
}
