import { HTML_LINK_ATTRS, HTML_TAGS } from '@praca/contract/plain';
import DOMPurify from 'dompurify';

/** What a notice body may hold: the server's list, so the editor's preview shows what will be published and the popup what was. */
const ALLOWED_TAGS = [...HTML_TAGS];
const ALLOWED_ATTR = [...HTML_LINK_ATTRS];

/**
 * An event handler attribute (`onerror=`, `onclick =`…) wherever the HTML parser could read
 * one: after whitespace, a slash or a quote. Every such place in the text is matched, inside
 * a tag or not, so none escapes a guess about where tags start and end.
 */
const HANDLER = /([\s/"'])(on)([a-z]+\s*=)/gi;
/** An invisible mark put inside `on`: the parser then reads a harmless, unknown attribute name. */
const MARK = '\u2060';
const MARKED = new RegExp(`(on)${MARK}`, 'gi');

/**
 * A notice body as safe HTML (spec §2 "Notices popup"), for every render of it: the popup and
 * the editor's preview. Handlers are disarmed (below), the line breaks the admin typed become
 * `<br>`, then DOMPurify keeps
 * only the server's tags and attributes (no scripts, handlers, images, styles or `javascript:`
 * links). The server already sanitises; this is the second line of defence right before
 * rendering.
 *
 * DOMPurify reads the text with the browser's own parser, in a document that runs nothing;
 * but the browser still checks an event handler attribute against the page's CSP as it reads
 * it, so typing `<img src=x onerror=…>` in the editor reported a blocked handler. Handlers are
 * therefore made harmless before any parser sees them (an invisible mark after `on`), and the
 * mark is taken out of what DOMPurify returns, where it can only be in text or in a kept
 * attribute's quoted value.
 */
export function noticeBodyHtml(body: string | null | undefined): string {
  const disarmed = (body ?? '').replace(HANDLER, `$1$2${MARK}$3`);
  const withBreaks = disarmed.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>');
  const clean = DOMPurify.sanitize(withBreaks, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
  return clean.replace(MARKED, '$1');
}
