import sanitize from 'sanitize-html';

/** What a notice or message body may hold: simple formatting and plain links. */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'br',
    'p',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'small',
    'h3',
    'h4',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** Sanitised HTML: no scripts, handlers, styles or unknown tags (domain §7). */
export const sanitizeHtml = (html: string): string => sanitize(html, OPTIONS);

/** Escapes a value for HTML (or SVG) text and attribute content: e-mails, index.html, demo art. */
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
