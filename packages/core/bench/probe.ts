import { createEngine, MemoryStore } from '../src/index.js';
import { loadMetaTool } from './metatool.js';
import { Prng } from './prng.js';

const { catalog, queries: allq } = loadMetaTool();
const queries = allq.filter((_, i) => i % 2 === 0);
const engine = await createEngine({
  model: 'gpt-4o-mini',
  contextWindow: 16_000,
  catalog,
  store: new MemoryStore(),
});
const prng = new Prng(99);
let n = 0;
const rel: Record<string, number> = {};
const ex: string[] = [];
while (n < 1000) {
  const a = queries[Math.floor(prng.next() * queries.length)]!;
  const b = queries[Math.floor(prng.next() * queries.length)]!;
  if (a.key === b.key) continue;
  const s = await engine.createSession();
  const t = await s.prepare(a.query);
  if (!t.plan.included.some((e) => e.candidate.id === a.key && e.reason.code === 'agent')) {
    s.rollback(t);
    continue;
  }
  const c = await s.continue(
    t,
    { content: '', toolCalls: [{ id: 'c', name: a.key.split(':').slice(1).join('__'), arguments: {} }] },
    [{ toolCallId: 'c', content: 'ok' }],
  );
  await s.commit(c, 'done');
  n++;
  const t2 = await s.prepare(b.query);
  s.rollback(t2);
  const fs = await engine.createSession();
  const f = await fs.prepare(b.query);
  fs.rollback(f);
  const inFresh = f.plan.included.some((x) => x.candidate.id === a.key && x.reason.code === 'agent');
  const e = !inFresh && t2.plan.included.find((x) => x.candidate.id === a.key && x.reason.code === 'agent');
  if (e) {
    const h = t2.retrievalSet!.hits.find((h) => h.key === a.key)!;
    const k = `${h.provenance.trigger?.age}:${h.provenance.trigger?.relation}:${t2.retrievalSet!.followUp}`;
    rel[k] = (rel[k] ?? 0) + 1;
    if (ex.length < 14) ex.push(`${a.query} || ${b.query} || ${k} || ${h.provenance.matched}`);
  }
}
console.log(rel);
console.log(ex.join('\n'));
