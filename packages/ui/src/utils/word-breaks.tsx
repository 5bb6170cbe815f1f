import { Fragment, type ReactNode } from 'react';

/**
 * Chinese text with a line-break opportunity between its words only (电子证照<wbr>验签), for boxes
 * styled `word-break: keep-all`: a narrow tile breaks a name between words instead of inside one
 * (电子证/照验签). The words come from the browser's own dictionary (Intl.Segmenter); a browser
 * without it gets the text unmarked, and `overflow-wrap: anywhere` still keeps it in its box.
 */
export function wordBreaks(text: string): ReactNode {
  if (typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function') return text;
  const words = joinLoneCharacters(Array.from(new Intl.Segmenter('zh-CN', { granularity: 'word' }).segment(text), (part) => part.segment));
  if (words.length < 2) return text;
  return words.map((word, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {word}
    </Fragment>
  ));
}

/**
 * The dictionary splits words it does not know into single characters (不动|产, 证|照|验|签): one
 * left alone belongs to the word before it (不动产), several together are one word (证照验签).
 */
export function joinLoneCharacters(segments: readonly string[]): string[] {
  const words: string[] = [];
  let run = '';
  const flush = () => {
    if (run.length === 1 && words.length > 0) words[words.length - 1] += run;
    else if (run) words.push(run);
    run = '';
  };
  for (const segment of segments) {
    if (Array.from(segment).length === 1) run += segment;
    else {
      flush();
      words.push(segment);
    }
  }
  flush();
  return words;
}
