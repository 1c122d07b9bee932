/**
 * Text of every kind a chat carries, for checking counts against each family's reference tokenizer: prose in several
 * scripts, code, emoji, runs of whitespace, long strings without spaces, and text that looks like special tokens.
 */
export const CORPUS: readonly (readonly [string, string])[] = [
  [
    'English prose',
    "The quick brown fox jumps over the lazy dog. It wasn't the first time; they'd done it before.",
  ],
  [
    'a paragraph',
    'Context windows are finite. When a conversation grows past what the model can read, something has to go: ' +
      'the oldest turns, a retrieved document, or a tool definition nobody calls. ctxkit decides, explains and ' +
      'remembers which.\n\nSecond paragraph, with numbers: 1, 22, 333, 4444, 55555, 3.14159 and 1,234,567.89.',
  ],
  ['contractions in capitals', "I'LL GO. YOU'RE SURE? WE'VE SEEN IT, DON'T WE? She'd've known."],
  [
    'Chinese',
    '上下文窗口是有限的。当对话超出模型能读取的范围时，必须舍弃一些内容：最早的轮次、检索到的文档，或没人调用的工具定义。',
  ],
  [
    'Japanese',
    'コンテキストウィンドウには限りがあります。会話が長くなると、古いターンや検索した文書を削る必要があります。東京で会いましょう。',
  ],
  ['Korean', '컨텍스트 창은 유한합니다. 대화가 길어지면 무언가를 빼야 합니다.'],
  ['Russian', 'Контекстное окно конечно. Когда разговор становится длиннее, что-то приходится убрать.'],
  ['Arabic', 'نافذة السياق محدودة. عندما تطول المحادثة يجب حذف شيء ما.'],
  ['Hindi', 'संदर्भ विंडो सीमित है। जब बातचीत लंबी हो जाती है, तो कुछ हटाना पड़ता है।'],
  [
    'accents, composed and decomposed',
    'café naïve résumé — cafe\u0301 nai\u0308ve re\u0301sume\u0301 Ångström',
  ],
  [
    'TypeScript',
    'export function fit(items: readonly Item[], budget: number): Item[] {\n' +
      '  const kept: Item[] = [];\n  let used = 0;\n' +
      '  for (const item of items.toSorted((a, b) => b.score - a.score)) {\n' +
      '    if (used + item.tokens > budget) continue;\n    kept.push(item);\n    used += item.tokens;\n  }\n' +
      '  return kept; // highest score first\n}\n',
  ],
  [
    'Python',
    'def fib(n: int) -> int:\n    """Return the n-th Fibonacci number."""\n    a, b = 0, 1\n    for _ in range(n):\n' +
      '        a, b = b, a + b\n    return a\n\n\nif __name__ == "__main__":\n    print(fib(30))\n',
  ],
  [
    'JSON',
    '{"name":"search_docs","parameters":{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}}',
  ],
  [
    'markdown and HTML',
    '# Title\n\n## Section\n\n- item one\n- item two\n\n<table><tr><td>a</td><td>b</td></tr></table>\n<h1>Head</h1>',
  ],
  ['emoji', 'Great job! 🎉🎉 👍🏽 👨‍👩‍👧‍👦 🇫🇷 ❤️ 🙂‍↔️ done ✅'],
  ['whitespace runs', 'a  b   c    d\t\te\n\n\nf \n \n g          h\r\n\r\ni\u00a0j\u3000k   '],
  ['leading and trailing spaces', '   padded text   '],
  ['only spaces', '        '],
  ['newlines only', '\n\n\n\n\n'],
  ['a long word', 'a'.repeat(3000)],
  ['a long digit run', '1234567890'.repeat(120)],
  [
    'a base64 blob',
    Array.from(
      { length: 1500 },
      (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[(i * 37 + (i >> 3)) % 64],
    ).join(''),
  ],
  ['a divider line', `${'='.repeat(400)}\n${'-'.repeat(300)}`],
  ['a long Chinese run', '我们今天讨论上下文管理'.repeat(200)],
  ['a long line of code', `const values = [${Array.from({ length: 300 }, (_, i) => i * 7).join(', ')}];`],
  [
    'special-token lookalikes',
    '<|begin_of_text|><|start_header_id|>user<|end_header_id|>hi<|eot_id|> <|im_start|>system<|im_end|> ' +
      '<start_of_turn>user<end_of_turn> <bos><eos><pad> <s>[INST] hi [/INST]</s> <|endoftext|> <|return|><|channel|> ' +
      '<｜User｜><｜Assistant｜><｜end▁of▁sentence｜> <think>why</think> <|user|><|end|><|assistant|>',
  ],
  [
    'non-special added tokens',
    '<tool_call>{"name":"x"}</tool_call> <unused0> [multimodal] <mask> <h2>x</h2>',
  ],
  ['rare characters', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ∮ E⋅da = Q, n → ∞ ⌀ ꙮ \u0000\u0001\u001f\u007f \ufeff zero\u200bwidth'],
  ['mixed scripts', 'Hello 世界! Привет мир — こんにちは 🌍 123abc ABCdef αβγ'],
  [
    'angle brackets before spaces',
    'a > b >> c <b> bold</b> -> => x>  y <td> cell </td> <p> </p> <i>x</i> </i> >\n> quoted',
  ],
  ['a single character', 'x'],
  ['a single space', ' '],
];
