import { loadOpenAIReference } from '../../src/chat-templates/reference.fixtures.js';
import { replayFidelity } from '../../src/chat-templates/replay.fixtures.js';
for (const enc of ['o200k_base', 'cl100k_base'] as const) {
  const ref = await loadOpenAIReference(enc);
  for (const contextWindow of [4096, 8192]) {
    const r = await replayFidelity({ model: ref.family.model, contextWindow, turns: 60, requestTokens: (q) => ref.requestTokens(q) });
    console.log(enc, contextWindow, JSON.stringify(r));
  }
}
