import { writeFileSync } from 'node:fs';
import type { EngineName, PageDriver, PageEvents } from './driver.js';
import { type Answer, type Op, runQuery, type Step, type TextMatch } from './in-page.js';

// The part of Playwright's page and locator API the end-to-end tests use, built on a `PageDriver`: locators are
// chains of steps resolved in the page by `runQuery`, waits poll it, and clicks, fills and keys go through the
// engine's own input. A test written against this runs unchanged in every engine.

const TIMEOUT_MS = 30_000;
const POLL_MS = 50;

type Text = string | RegExp;
const text = (value: Text): TextMatch =>
  typeof value === 'string' ? { string: value } : { source: value.source, flags: value.flags };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

type State = 'attached' | 'detached' | 'visible' | 'hidden';
export type Box = { x: number; y: number; width: number; height: number };

let picks = 0;

export class Locator {
  constructor(
    private readonly page: Page,
    private readonly steps: readonly Step[],
  ) {}

  private and(step: Step): Locator {
    return new Locator(this.page, [...this.steps, step]);
  }

  locator(selector: string, options: { hasText?: Text } = {}): Locator {
    return this.and({ kind: 'css', selector, hasText: options.hasText ? text(options.hasText) : undefined });
  }
  getByRole(role: string, options: { name?: Text; exact?: boolean } = {}): Locator {
    return this.and({
      kind: 'role',
      role,
      name: options.name ? text(options.name) : undefined,
      exact: options.exact,
    });
  }
  getByText(value: Text, options: { exact?: boolean } = {}): Locator {
    return this.and({ kind: 'text', text: text(value), exact: options.exact });
  }
  getByLabel(value: Text, options: { exact?: boolean } = {}): Locator {
    return this.and({ kind: 'label', text: text(value), exact: options.exact });
  }
  filter(options: { hasText: Text }): Locator {
    return this.and({ kind: 'filter', hasText: text(options.hasText) });
  }
  nth(index: number): Locator {
    return this.and({ kind: 'nth', index });
  }
  first(): Locator {
    return this.nth(0);
  }
  last(): Locator {
    return this.nth(-1);
  }

  private ask(op: Op, arg?: string): Promise<Answer> {
    return this.page.driver.evaluate(runQuery, { steps: this.steps, op, arg });
  }
  private describe(): string {
    return JSON.stringify(this.steps);
  }

  /** Waits until exactly one element matches (and, for actions, is visible, enabled, uncovered and still), then
   * reads it. */
  private async one(op: Op, arg?: string, actionable = false): Promise<Answer> {
    const deadline = Date.now() + TIMEOUT_MS;
    let box: string | undefined;
    for (;;) {
      const answer = await this.ask(op, arg);
      if (answer.count > 1) throw new Error(`strict mode: ${answer.count} elements match ${this.describe()}`);
      const place = answer.value as { box: string; receives: boolean } | null;
      const still = place !== null && place.box === box;
      box = place?.box;
      if (
        answer.count === 1 &&
        (!actionable || (answer.visible && answer.enabled && place?.receives && still))
      )
        return answer;
      if (Date.now() > deadline) {
        const seen =
          answer.count === 1
            ? `: ${answer.visible ? 'visible' : 'not visible'}, ${answer.enabled ? 'enabled' : 'disabled'}, ${place?.receives ? 'uncovered' : 'covered'}, ${still ? 'still' : 'moving'}`
            : `: ${answer.count} match`;
        throw new Error(`timed out waiting for ${this.describe()}${seen}`);
      }
      await sleep(POLL_MS);
    }
  }

  async count(): Promise<number> {
    return (await this.ask('count')).count;
  }
  async textContent(): Promise<string | null> {
    return (await this.one('text')).value as string | null;
  }
  async getAttribute(name: string): Promise<string | null> {
    return (await this.one('attr', name)).value as string | null;
  }
  async inputValue(): Promise<string> {
    return (await this.one('value')).value as string;
  }
  async isChecked(): Promise<boolean> {
    return (await this.one('checked')).value as boolean;
  }
  async isDisabled(): Promise<boolean> {
    return (await this.one('disabled')).value as boolean;
  }
  async allTextContents(): Promise<string[]> {
    return this.evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
  }
  async isVisible(): Promise<boolean> {
    const { count, visible } = await this.ask('state');
    return count > 0 && visible;
  }
  async boundingBox(): Promise<Box> {
    return (await this.one('box')).value as Box;
  }
  async focus(): Promise<void> {
    await this.one('focus');
  }
  /** Selects the option with this value or label, as a user's choice does. */
  async selectOption(value: string): Promise<void> {
    const problem = (await this.one('select', value)).value;
    if (problem) throw new Error(String(problem));
  }
  /** Puts one file in a file input, as a user's choice in the file picker does. */
  async setInputFiles(file: { name: string; mimeType: string; text: string }): Promise<void> {
    await this.one('files', JSON.stringify({ name: file.name, type: file.mimeType, text: file.text }));
  }
  async evaluateAll<R>(fn: (elements: Element[]) => R): Promise<R> {
    return (await this.ask('evaluateAll', fn.toString())).value as R;
  }

  async waitFor(options: { state?: State; timeout?: number } = {}): Promise<void> {
    const state = options.state ?? 'visible';
    const deadline = Date.now() + (options.timeout ?? TIMEOUT_MS);
    for (;;) {
      const { count, visible } = await this.ask('state');
      const done = {
        attached: count > 0,
        detached: count === 0,
        visible: count > 0 && visible,
        hidden: count === 0 || !visible,
      }[state];
      if (done) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${this.describe()} to be ${state}`);
      await sleep(POLL_MS);
    }
  }

  /** Marks the one element in the page so that the engine's driver can act on it by a CSS selector. */
  private async mark(): Promise<string> {
    picks += 1;
    await this.one('mark', String(picks), true);
    return `[data-e2e-pick="${picks}"]`;
  }
  /** Acts on the element; if it was replaced between marking and acting (a re-render), marks it again. */
  private async act(action: (selector: string) => Promise<void>): Promise<void> {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const selector = await this.mark();
      try {
        await action(selector);
        return;
      } catch (error) {
        const gone = await this.page.driver.evaluate(
          (marked) => document.querySelector(marked) === null,
          selector,
        );
        if (!gone || Date.now() > deadline) throw error;
      }
    }
  }
  async click(): Promise<void> {
    await this.act((selector) => this.page.driver.click(selector));
  }
  async check(): Promise<void> {
    if (!(await this.isChecked())) await this.click();
  }
  async fill(value: string): Promise<void> {
    await this.act((selector) => this.page.driver.fill(selector, value));
  }
  async press(key: string): Promise<void> {
    await this.one('focus');
    await this.page.driver.press(key);
  }
}

export class Page {
  readonly keyboard = { press: (key: string) => this.driver.press(key) };

  constructor(readonly driver: PageDriver) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  private root(): Locator {
    return new Locator(this, []);
  }
  locator(selector: string, options?: { hasText?: Text }): Locator {
    return this.root().locator(selector, options);
  }
  getByRole(role: string, options?: { name?: Text; exact?: boolean }): Locator {
    return this.root().getByRole(role, options);
  }
  getByText(value: Text, options?: { exact?: boolean }): Locator {
    return this.root().getByText(value, options);
  }
  getByLabel(value: Text, options?: { exact?: boolean }): Locator {
    return this.root().getByLabel(value, options);
  }

  goto(url: string): Promise<void> {
    return this.driver.goto(url);
  }
  /** Another page of the same profile (its storage shared), as a second tab. */
  async openTab(): Promise<Page> {
    return new Page(await this.driver.openTab());
  }
  url(): Promise<string> {
    return this.evaluate(() => location.href);
  }
  async waitForURL(url: string): Promise<void> {
    await this.waitForFunctionOf((wanted) => location.href === wanted, url);
  }
  /** The document as HTML. */
  content(): Promise<string> {
    return this.evaluate(() => document.documentElement.outerHTML);
  }
  /**
   * Runs `act` and returns the file the page hands to the browser to save (a link with `download` clicked), read
   * in the page. Caught in the page, the same way in every engine: neither WebDriver classic nor these engines'
   * BiDi offer a download hook, and what is tested is the file, not the browser's save dialog.
   */
  async download(act: () => Promise<void>): Promise<{ name: string; text: string }> {
    await this.evaluate(() => {
      const w = window as unknown as { __e2eDownloads?: { name: string; text: string }[] };
      if (w.__e2eDownloads) {
        w.__e2eDownloads.length = 0;
        return;
      }
      const downloads: { name: string; text: string }[] = [];
      w.__e2eDownloads = downloads;
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (!this.download) return click.call(this);
        const name = this.download;
        void fetch(this.href)
          .then((response) => response.text())
          .then((text) => downloads.push({ name, text }));
      };
    });
    await act();
    await this.waitForFunction(
      () => ((window as unknown as { __e2eDownloads?: unknown[] }).__e2eDownloads?.length ?? 0) > 0,
    );
    const [file] = await this.evaluate(
      () => (window as unknown as { __e2eDownloads: { name: string; text: string }[] }).__e2eDownloads,
    );
    return file as { name: string; text: string };
  }
  reload(): Promise<void> {
    return this.driver.reload();
  }
  evaluate<R>(fn: () => R | Promise<R>): Promise<R> {
    return this.driver.evaluate(fn as (arg: null) => R | Promise<R>, null);
  }
  async waitForFunction(fn: () => unknown): Promise<void> {
    await this.waitForFunctionOf(fn as (arg: null) => unknown, null);
  }
  async waitForFunctionOf<A>(fn: (arg: A) => unknown, arg: A): Promise<void> {
    const deadline = Date.now() + TIMEOUT_MS;
    while (!(await this.driver.evaluate(fn, arg))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${fn.toString()}`);
      await sleep(POLL_MS);
    }
  }
  evaluateWith<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.driver.evaluate(fn, arg);
  }
  async addScriptTag({ content }: { content: string }): Promise<void> {
    await this.driver.evaluate((source: string) => {
      const script = document.createElement('script');
      script.textContent = source;
      document.head.append(script);
    }, content);
  }
  async emulateMedia({ colorScheme }: { colorScheme: 'dark' }): Promise<void> {
    if (colorScheme !== 'dark' || !(await this.driver.emulateDarkScheme()))
      throw new Error(`${this.engine}'s driver cannot emulate prefers-color-scheme: ${colorScheme}`);
  }
  on<E extends keyof PageEvents>(event: E, listener: PageEvents[E]): void {
    this.driver.on(event, listener);
  }
  setViewportSize(viewport: { width: number; height: number }): Promise<void> {
    return this.driver.setViewport(viewport);
  }
  /** The viewport as a PNG, also written to `path` when given. */
  async screenshot({ path }: { path?: string } = {}): Promise<Buffer> {
    const png = Buffer.from(await this.driver.screenshot());
    if (path) writeFileSync(path, png);
    return png;
  }
  close(): Promise<void> {
    return this.driver.close();
  }
}
