import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** What axe needs of a page: Playwright's, or the engine-neutral one of `engines/`. */
export interface AxePage {
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  addScriptTag(options: { content: string }): Promise<unknown>;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe on the whole page and returns its violations as readable lines (empty when there are none). */
export async function axe(page: AxePage): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown }[] }[] };
    type Axe = { run: (context: Document, options: object) => Promise<Result> };
    const result = await (window as unknown as { axe: Axe }).axe.run(document, {
      // Off by default in axe: a control whose visible text is not in its accessible name.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}
