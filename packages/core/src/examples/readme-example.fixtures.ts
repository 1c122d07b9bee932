import { createEngine } from '../index.js';

export async function readmeExample() {
  // README:begin
  const engine = await createEngine({
    model: 'gpt-4o-mini',
    contextWindow: 128_000,
    catalog: {
      rules: [{ name: 'Tone', content: 'Answer briefly.', include: 'always' }],
      servers: [{ name: 'filesystem', include: 'agent' }],
      tools: [
        {
          server: 'filesystem',
          name: 'read_file',
          description: 'Read a file',
          inputSchema: { type: 'object' },
        },
      ],
    },
  });

  const session = await engine.createSession();
  const turn = await session.prepare('Read package.json and tell me the version');
  turn.plan.included; // what goes in, in prompt order, each with its reason and tokens
  turn.plan.excluded; // what was left out, and why
  turn.request; // an OpenAI Chat Completions body built from the plan alone
  await session.commit(turn, 'It is 1.2.0.'); // the reply is stored with the context it was given
  // README:end
  return { turn, session };
}
