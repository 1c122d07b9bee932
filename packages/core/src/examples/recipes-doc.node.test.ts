import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test('docs/recipes.md quotes each recipe word for word', () => {
  const source = readFileSync(new URL('./recipes.ts', import.meta.url), 'utf8');
  const doc = readFileSync(new URL('../../docs/recipes.md', import.meta.url), 'utf8');
  const blocks = [...source.matchAll(/\/\/ recipe:(?!end)\w+\n([\s\S]*?)\/\/ recipe:end/g)].map((match) =>
    match[1]?.trimEnd(),
  );
  expect(blocks).toHaveLength(2);
  for (const block of blocks) expect(doc).toContain(`\`\`\`ts\n${block}\n\`\`\``);
});
