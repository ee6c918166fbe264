import DOMPurify from 'dompurify';

/**
 * A notice body as safe HTML (spec §2 "Notices popup"): the line breaks the admin typed
 * become `<br>`, then DOMPurify removes scripts, event handlers and `javascript:` links. The
 * server already sanitises; this is the second line of defence right before rendering.
 */
export function noticeBodyHtml(body: string | null | undefined): string {
  const withBreaks = (body ?? '').replace(/\r\n?/g, '\n').replace(/\n/g, '<br>');
  return DOMPurify.sanitize(withBreaks, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
