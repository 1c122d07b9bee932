import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { tokenize } from '../tokenize/index.js';

const catalog = {
  rules: [
    {
      name: '文件读取',
      description: '从磁盘读取文件的内容',
      content: '读取文件前先检查路径。',
      include: 'agent' as const,
    },
    {
      name: '数据库查询',
      description: '查询数据库中的用户表',
      content: '只运行只读查询。',
      include: 'agent' as const,
    },
    {
      name: '天気予報',
      description: '東京の天気を調べる',
      content: '気象庁のデータを使う。',
      include: 'agent' as const,
    },
    {
      name: 'การแปลภาษา',
      description: 'แปลข้อความเป็นภาษาอังกฤษ',
      content: 'ใช้คำศัพท์ที่เป็นทางการ',
      include: 'agent' as const,
    },
    {
      name: 'File reading',
      description: 'Read files from disk',
      content: 'Check the path first.',
      include: 'agent' as const,
    },
  ],
};

async function topAgentItem(query: string): Promise<string | undefined> {
  const engine = await testEngine({ catalog });
  const session = await engine.createSession();
  const turn = await session.prepare(query);
  return turn.retrievalSet?.hits[0]?.key;
}

describe('retrieval in scripts written without spaces', () => {
  test.each([
    ['我想读取一个文件', 'rule:文件读取'],
    ['帮我查询数据库里的用户', 'rule:数据库查询'],
    ['東京の天気はどうですか', 'rule:天気予報'],
    ['ช่วยแปลข้อความนี้เป็นภาษาอังกฤษ', 'rule:การแปลภาษา'],
    ['read a file from disk', 'rule:File reading'],
  ])('%s finds %s by its words', async (query, expected) => {
    expect(await topAgentItem(query)).toBe(expected);
  });

  test('a sentence is split into words, not kept as one term; English words are still stemmed', () => {
    expect(tokenize('我想读取一个文件').length).toBeGreaterThan(2);
    expect(tokenize('读取文件')).toContain('文件');
    expect(tokenize('reading files')).toEqual(['read', 'fil']);
  });
});
