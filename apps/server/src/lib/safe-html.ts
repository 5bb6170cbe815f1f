import { contract } from '@hall/api/internal';
import sanitizeHtml from 'sanitize-html';

/**
 * The one image source content keeps: a picture uploaded to the hall (routes/content/console), so a
 * citizen's phone never loads anything from elsewhere through an article and no data: or script
 * address rides in an img.
 */
const PICTURE_PREFIX = `${contract.articlePicture.path}?id=`;

/** Whether an img's src is a hall picture address, exactly (no further query, fragment or host). */
export const isHallPicture = (src: string): boolean => src.startsWith(PICTURE_PREFIX) && /^[\w-]{1,64}$/.test(src.slice(PICTURE_PREFIX.length));

/**
 * The HTML the hall shows from its content (articles, guides): text formatting, lists, tables,
 * the hall's own pictures and links, nothing that runs. Applied when content is written and again
 * when it is read, so rows that reached the database another way (an import, an older version) are
 * safe too.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'img', 'a'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//host/x" would borrow the page's scheme; write the scheme out.
  allowProtocolRelative: false,
  // script, style and the like go with their content, not just their tags.
  disallowedTagsMode: 'discard',
  transformTags: {
    // Browsers' editors (the console's included) write <b> and <i>; the hall keeps them as the semantic tags.
    b: 'strong',
    i: 'em',
    // An img keeps its src only when it is a hall picture, and a size only in plain pixels.
    img: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      const src = attribs.src?.trim() ?? '';
      if (isHallPicture(src)) kept.src = src;
      for (const name of ['alt', 'title'] as const) if (attribs[name] !== undefined) kept[name] = attribs[name];
      for (const name of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[name]?.trim() ?? '')) kept[name] = attribs[name]!.trim();
      return { tagName, attribs: kept };
    },
  },
  // An image left without a source (none, or one from elsewhere) shows nothing; leave it out.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
