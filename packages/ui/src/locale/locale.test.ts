import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessage, placeholdersOf } from './format';
import { mergeMessages } from './locale-context';
import { zhCN, type Messages } from './zh-CN';

const SRC = join(__dirname, '..');

/** The kit's component sources: not tests, stories or test helpers. */
function componentSources(): Array<{ file: string; code: string }> {
  return readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
    .flatMap((dir) =>
      readdirSync(join(SRC, dir.name))
        .filter((name) => /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name))
        .map((name) => ({ file: `${dir.name}/${name}`, code: readFileSync(join(SRC, dir.name, name), 'utf8') })),
    );
}

/** Every `group.key` a component reads from the catalogue. */
function usedKeys(): Array<{ file: string; group: string; key: string }> {
  return componentSources().flatMap(({ file, code }) => {
    const groups = [...code.matchAll(/(?:useMessages\(\)|zhCN)\.(\w+)/g)].map((match) => match[1] as string);
    const keys = [...code.matchAll(/\b(?:messages|texts)\.(\w+)/g)].map((match) => match[1] as string);
    return groups.flatMap((group) => keys.map((key) => ({ file, group, key })));
  });
}

/** The placeholders each template takes, and a value for each. */
const TEMPLATE_VALUES: Record<string, Record<string, string | number>> = {
  'bannerCarousel.slide': { index: 2, total: 3 },
  'bannerCarousel.dot': { index: 2 },
  'countdownButton.counting': { seconds: 60 },
  'pager.page': { page: 4 },
  'pager.summary': { page: 4, pages: 10 },
  'listPage.listLabel': { title: '办事指南' },
  'materialPictures.open': { name: '身份证明', index: 1 },
  'materialPictures.picture': { name: '身份证明', index: 1 },
  'materialPictures.remove': { name: '身份证明', index: 1 },
  'materialPictures.add': { name: '身份证明' },
};

function entries(messages: Messages): Array<[string, string]> {
  return Object.entries(messages).flatMap(([group, texts]) => Object.entries(texts as Record<string, string>).map(([key, text]): [string, string] => [`${group}.${key}`, text]));
}

describe('message catalogue', () => {
  it('has every key a component reads', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(20);
    const missing = used.filter(({ group, key }) => {
      const texts = (zhCN as unknown as Record<string, Record<string, string> | undefined>)[group];
      return typeof texts?.[key] !== 'string';
    });
    expect(missing).toEqual([]);
  });

  it('has no key that no component reads', () => {
    const used = new Set(usedKeys().map(({ group, key }) => `${group}.${key}`));
    expect(
      entries(zhCN)
        .map(([name]) => name)
        .filter((name) => !used.has(name)),
    ).toEqual([]);
  });

  it('has a Chinese text for every key', () => {
    for (const [name, text] of entries(zhCN)) {
      expect(text, name).toMatch(/\p{Script=Han}/u);
    }
  });

  it('fills every placeholder of every template', () => {
    for (const [name, text] of entries(zhCN)) {
      const values = TEMPLATE_VALUES[name] ?? {};
      expect(placeholdersOf(text).sort(), name).toEqual(Object.keys(values).sort());
      expect(formatMessage(text, values), name).not.toContain('${');
    }
    expect(formatMessage(zhCN.countdownButton.counting, { seconds: 59 })).toBe('59秒后重新获取');
    expect(formatMessage(zhCN.bannerCarousel.slide, { index: 1, total: 3 })).toBe('第1张，共3张');
  });

  it('keeps the specification’s texts', () => {
    expect(zhCN.common).toEqual({ confirm: '确定', cancel: '取消', loading: '加载中', alertTitle: '提示', warningTitle: '警告' });
    expect(zhCN.countdownButton.idle).toBe('获取验证码');
    expect(zhCN.countdownButton.resend).toBe('重新获取');
  });

  it('merges changed texts over the catalogue without losing a key', () => {
    const merged = mergeMessages(zhCN, { pager: { previous: '前一页' } });
    expect(merged.pager.previous).toBe('前一页');
    expect(entries(merged).map(([name]) => name)).toEqual(entries(zhCN).map(([name]) => name));
    expect(zhCN.pager.previous).toBe('上一页');
  });

  it('leaves an unknown placeholder as written', () => {
    expect(formatMessage('第${page}页', {})).toBe('第${page}页');
  });
});
