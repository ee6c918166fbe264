import { HTML_LINK_ATTRS, HTML_TAGS } from '@praca/contract';
import sanitize from 'sanitize-html';

/** What a notice or message body may hold: the contract's tags, links with safe schemes only. */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...HTML_TAGS],
  allowedAttributes: { a: [...HTML_LINK_ATTRS] },
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
