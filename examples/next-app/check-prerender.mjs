// After `next build`: the page was rendered on the server at build time, where there is no IndexedDB. Its HTML
// must hold the provider's fallback and none of the kit's parts, which appear only once the browser made the engine.
import { readFileSync } from 'node:fs';

const html = readFileSync(new URL('./.next/server/app/index.html', import.meta.url), 'utf8');
const problems = [];
if (!html.includes('Loading the chat…'))
  problems.push("the fallback ('Loading the chat…') is not in the page");
if (/class="ctxkit-/.test(html)) problems.push('a ctxkit part was rendered on the server');
if (problems.length > 0) {
  console.error(`prerendered page: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('prerendered page: the chat fallback, no ctxkit part');
