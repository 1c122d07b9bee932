import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The package READMEs are read on the npm page too, where a relative link leads nowhere: their images and links
// into the repository are absolute, so this checks that every such address names a file (and heading) that exists.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const REPO_FILE =
  /^https:\/\/(?:github\.com\/ctxkit\/ctxkit\/(?:blob|tree)|raw\.githubusercontent\.com\/ctxkit\/ctxkit)\/main\/([^#)\s]+)(?:#([\w-]+))?$/;

const packageDocs = (name: string): string[] => {
  const docs = join(repoRoot, 'packages', name, 'docs');
  const pages = existsSync(docs) ? readdirSync(docs).filter((file) => file.endsWith('.md')) : [];
  return [join('packages', name, 'README.md'), ...pages.map((page) => join('packages', name, 'docs', page))];
};
const published = ['core', 'react', 'ai-sdk'].filter((name) => existsSync(join(repoRoot, 'packages', name)));
const pages = published.flatMap(packageDocs);

const withoutCode = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
const linksOf = (markdown: string) =>
  [...withoutCode(markdown).matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => ({
    image: match[1] === '!',
    target: match[2] ?? '',
  }));

// GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens.
const anchorsOf = (markdown: string) =>
  new Set(
    [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
      (match[1] ?? '')
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    ),
  );

function missingTarget(page: string, target: string): string | null {
  if (/^https?:\/\//.test(target)) {
    const match = REPO_FILE.exec(target);
    if (!match) return null; // outside the repository: not ours to check
    const file = join(repoRoot, match[1] ?? '');
    if (!existsSync(file)) return `${target}: no ${match[1]}`;
    if (statSync(file).isDirectory()) {
      // A folder's page lists its files and shows its README; `#readme` is the page's own anchor for that README.
      if (!match[2]) return null;
      if (match[2] !== 'readme') return `${target}: only #readme points into a folder's page`;
      return existsSync(join(file, 'README.md')) ? null : `${target}: no README.md in ${match[1]}`;
    }
    if (match[2] && !anchorsOf(readFileSync(file, 'utf8')).has(match[2]))
      return `${target}: no heading #${match[2]}`;
    return null;
  }
  const [path = '', anchor] = target.split('#');
  const file = path ? resolve(repoRoot, dirname(page), path) : join(repoRoot, page);
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) return `${target}: no heading #${anchor}`;
  return null;
}

describe('package documentation', () => {
  test.each(pages)('%s links only to files and headings that exist', (page) => {
    const problems = linksOf(readFileSync(join(repoRoot, page), 'utf8'))
      .map(({ target }) => missingTarget(page, target))
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  test.each(published)(
    'the %s README shows images and links by absolute address, so they work on npm',
    (name) => {
      const readme = readFileSync(join(repoRoot, 'packages', name, 'README.md'), 'utf8');
      const relative = linksOf(readme).filter(({ target }) => !/^(https?:|mailto:)/.test(target));
      expect(relative).toEqual([]);
    },
  );

  test.each(pages)('%s speaks about ctxkit, not about where a requirement came from', (page) => {
    const text = readFileSync(join(repoRoot, page), 'utf8');
    expect(text).not.toMatch(/\bseed \d{3}|\bseed's\b|the issue (says|wins|asks)|where the spec is silent/i);
  });
});
