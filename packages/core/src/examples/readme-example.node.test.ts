import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { readmeExample } from './readme-example.fixtures.js';

const dedent = (lines: string[]) => lines.map((line) => line.replace(/^ {2}/, '')).join('\n');

test("the root README's example is this file's code, verbatim", () => {
  const source = readFileSync(new URL('./readme-example.fixtures.ts', import.meta.url), 'utf8').split('\n');
  const body = dedent(
    source.slice(
      source.findIndex((l) => l.includes('README:begin')) + 1,
      source.findIndex((l) => l.includes('README:end')),
    ),
  );
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  expect(readme).toContain(`import { createEngine } from '@ctxkit/core';\n\n${body}\n\`\`\``);
});

test("the root README's example runs and does what its comments say", async () => {
  const { turn, session } = await readmeExample();
  expect(turn.plan.included.map((entry) => entry.candidate.id)).toEqual(
    expect.arrayContaining(['rule:Tone', 'tool:filesystem:read_file', `current:${turn.userMessage.id}`]),
  );
  expect(turn.requestContext.items).toContainEqual(
    expect.objectContaining({ name: 'read_file', includeMode: 'agent' }),
  );
  expect(session.messages.at(-1)).toMatchObject({ role: 'assistant', requestContext: turn.requestContext });
});
