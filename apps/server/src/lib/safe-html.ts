import sanitizeHtml from 'sanitize-html';

/**
 * The HTML the hall shows from its content (articles, guides): text formatting, lists, tables,
 * images (the hall's own pictures among them) and links, nothing that runs. Applied when content is written and again
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
  allowedSchemesByTag: { img: ['http', 'https', 'data'], a: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//host/x" would borrow the page's scheme; write the scheme out.
  allowProtocolRelative: false,
  // script, style and the like go with their content, not just their tags.
  disallowedTagsMode: 'discard',
  transformTags: {
    // Browsers' editors (the console's included) write <b> and <i>; the hall keeps them as the semantic tags.
    b: 'strong',
    i: 'em',
    // A data: image must really be an image (no data:text/html behind an img), and a size is plain pixels.
    img: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = { ...attribs };
      const src = attribs.src?.trim() ?? '';
      if (/^data:/i.test(src) && !/^data:image\/(png|jpe?g|gif|webp|bmp);/i.test(src)) delete kept.src;
      for (const name of ['width', 'height'] as const) if (kept[name] !== undefined && !/^\d{1,4}$/.test(kept[name].trim())) delete kept[name];
      return { tagName, attribs: kept };
    },
  },
  // An image left without a source shows nothing; leave it out.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
