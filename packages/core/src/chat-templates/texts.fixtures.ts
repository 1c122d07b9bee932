/**
 * Generated chat text for fidelity checks: English, Chinese, Japanese and code, mixed the way a multilingual
 * developer's conversation is. Seeded, so every run replays the same conversation.
 */
import { Prng } from '../random/prng.fixtures.js';

const ENGLISH_WORDS = (
  'the request returns an error when the session token expires so we retry with a fresh token and log the ' +
  'failure; please check the cache before the database query runs, because the index on the orders table is ' +
  'missing and every page load scans millions of rows. deploy the fix behind a feature flag, measure latency, ' +
  'then roll it out to every region once the dashboard stays green for a day'
).split(' ');

const CHINESE = [
  '请帮我检查一下这个函数为什么在高并发的时候会返回错误的结果。',
  '我们需要在下周之前完成数据库迁移，并且保证线上服务不中断。',
  '缓存失效以后，请求会直接打到数据库上，导致响应时间明显变长。',
  '这个接口的参数校验太宽松了，用户可以提交空的订单。',
  '请用简单的语言解释一下什么是令牌预算，以及为什么它很重要。',
  '日志里显示连接池已经耗尽，很多请求在排队等待。',
  '我觉得应该先写测试，再重构这段代码，这样更安全。',
  '部署完成后，监控面板上的错误率从百分之二降到了零点一。',
  '上下文窗口不够大的时候，系统提示可能会被截断。',
  '请把这段说明翻译成英文，并保留原来的格式和代码块。',
];

const JAPANESE = [
  'このエラーはセッションの有効期限が切れたときに発生します。',
  'データベースのインデックスを追加すると、検索がかなり速くなりました。',
  '来週のリリースまでに、テストのカバレッジを八十パーセント以上にしたいです。',
  'キャッシュを無効にした後、応答時間が二倍になってしまいました。',
  'この関数の引数の型をもう少し厳しくしたほうがいいと思います。',
  'ログを確認したところ、タイムアウトが頻繁に起きていることが分かりました。',
  'ユーザーが入力したテキストは、そのままHTMLとして表示してはいけません。',
  'モデルのコンテキストウィンドウを超えると、古いメッセージが失われます。',
  '設定ファイルに秘密鍵を書かないように注意してください。',
  '本番環境での障害を防ぐために、段階的にロールアウトしましょう。',
];

const IDENTIFIERS = 'order user session token cache index query retry budget plan window item'.split(' ');

function english(random: Prng, words: number): string {
  const out: string[] = [];
  let start = random.int(0, ENGLISH_WORDS.length - 1);
  for (let i = 0; i < words; i++)
    out.push(ENGLISH_WORDS[(start++ + random.int(0, 3)) % ENGLISH_WORDS.length] as string);
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function code(random: Prng): string {
  const name = `${random.pick(IDENTIFIERS)}${random.pick(['Count', 'Of', 'For', 'Left', 'Total'])}`;
  const arg = random.pick(IDENTIFIERS);
  const limit = random.int(2, 900);
  return [
    '```ts',
    `export function ${name}(${arg}s: readonly { id: string; tokens: number }[], limit = ${limit}): number {`,
    '  let total = 0;',
    `  for (const ${arg} of ${arg}s) {`,
    `    if (total + ${arg}.tokens > limit) break; // stop at the first one that does not fit`,
    `    total += ${arg}.tokens;`,
    '  }',
    '  return total;',
    '}',
    '```',
  ].join('\n');
}

function sentences(random: Prng, list: readonly string[], count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += random.pick(list);
  return text;
}

/** The kinds of text a message is made of: one kind per message, or a mix. */
export type TextKind = 'english' | 'chinese' | 'japanese' | 'code' | 'mixed';

/** A message of roughly `size` sentences of one kind. */
export function messageText(random: Prng, kind: TextKind, size: number): string {
  switch (kind) {
    case 'english':
      return Array.from({ length: size }, () => english(random, random.int(8, 24))).join(' ');
    case 'chinese':
      return sentences(random, CHINESE, size);
    case 'japanese':
      return sentences(random, JAPANESE, size);
    case 'code':
      return `${english(random, 10)}\n\n${code(random)}`;
    case 'mixed':
      return [
        english(random, random.int(6, 16)),
        sentences(random, random.next() < 0.5 ? CHINESE : JAPANESE, Math.max(1, size >> 1)),
        code(random),
      ].join('\n\n');
  }
}

const KINDS: readonly TextKind[] = ['english', 'chinese', 'japanese', 'code', 'mixed'];

/** A conversation of `turns` user questions and replies, each message of a kind picked in turn. */
export function conversation(seed: number, turns: number): { user: string; reply: string }[] {
  const random = new Prng(seed);
  return Array.from({ length: turns }, (_, i) => {
    const kind = KINDS[i % KINDS.length] as TextKind;
    return {
      user: messageText(random, kind, random.int(1, 3)),
      reply: messageText(random, kind, random.int(3, 12)),
    };
  });
}
