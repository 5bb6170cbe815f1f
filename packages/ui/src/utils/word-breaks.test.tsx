import { describe, expect, it } from 'vitest';
import { joinLoneCharacters } from './word-breaks';

const words = (text: string) => joinLoneCharacters(Array.from(new Intl.Segmenter('zh-CN', { granularity: 'word' }).segment(text), (part) => part.segment));

describe('word breaks of tile names', () => {
  it('never offers a break inside 证照, 不动产 or 服务', () => {
    expect(words('电子证照验签').join('|')).not.toMatch(/证\|照|照\|验|验\|签/);
    expect(words('政务服务平台')).toEqual(['政务', '服务', '平台']);
    expect(words('申请不动产查档证明').join('|')).toContain('不动产');
    expect(joinLoneCharacters(['电子', '证', '照', '验', '签'])).toEqual(['电子', '证照验签']);
    expect(joinLoneCharacters(['申请', '不动', '产', '查档'])).toEqual(['申请', '不动产', '查档']);
  });
});
