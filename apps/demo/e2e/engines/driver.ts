// The few things an end-to-end test needs from a browser engine. Everything else (finding elements by role and
// name, waiting, reading text) is done in the page by `page.ts`, the same way in every engine, so a test is written
// once and runs in Chromium (Playwright), Firefox (Puppeteer over WebDriver BiDi) and WebKit (WebdriverIO through
// WebKitWebDriver).

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** What a page reports that a test may want to fail on: an uncaught error, a request and a failed request. */
export interface PageEvents {
  pageerror(message: string): void;
  request(url: string): void;
  requestfailed(url: string): void;
}

export interface PageDriver {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page (it is sent as source: it may use only its argument) and returns its JSON result. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** A real pointer click at the middle of the one element `selector` (CSS) matches, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Replaces the value of the input or textarea `selector` matches with `text`, as typing or pasting would. */
  fill(selector: string, text: string): Promise<void>;
  /** Presses a key, or a chord such as `Alt+Shift+M`, on the focused element. */
  press(key: string): Promise<void>;
  /** Makes the page match `prefers-color-scheme: dark`; false where the engine's driver cannot. */
  emulateDarkScheme(): Promise<boolean>;
  /** Resizes the viewport, as turning a device or resizing a window does. */
  setViewport(viewport: Viewport): Promise<void>;
  /** The viewport as a PNG. */
  screenshot(): Promise<Uint8Array>;
  /** Opens another page of the same profile (shared storage), as a second tab of the app would be. */
  openTab(): Promise<PageDriver>;
  on<E extends keyof PageEvents>(event: E, listener: PageEvents[E]): void;
  close(): Promise<void>;
}

/** Splits `Alt+Shift+M` into its modifiers and its key. */
export function chord(key: string): { modifiers: string[]; key: string } {
  const parts = key.split('+');
  return { modifiers: parts.slice(0, -1), key: parts.at(-1) ?? key };
}
