import { describe, expect, it } from 'vitest';
import { noticeBodyHtml } from './sanitize-html';

// DOMPurify really sanitises under jsdom (it does not under happy-dom: design/stack.md).
describe('noticeBodyHtml (notices popup: line breaks and sanitised HTML)', () => {
  it('turns typed line breaks into <br>', () => {
    expect(noticeBodyHtml('Linha 1\nLinha 2\r\nLinha 3')).toBe('Linha 1<br>Linha 2<br>Linha 3');
  });

  it('keeps harmless formatting', () => {
    expect(noticeBodyHtml('Vale <b>1 cupom</b> e <i>mais</i>')).toBe('Vale <b>1 cupom</b> e <i>mais</i>');
  });

  it('removes scripts and event handlers but keeps the text and the breaks', () => {
    const html = noticeBodyHtml('Olá<script>alert(1)</script>\n<img src="x" onerror="alert(2)">fim');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/alert/);
    expect(html).toContain('Olá<br>');
    expect(html).toContain('fim');
  });

  it('removes javascript: links', () => {
    const html = noticeBodyHtml('<a href="javascript:alert(1)">clique</a>');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('clique');
  });

  it('is empty for an empty body', () => {
    expect(noticeBodyHtml('')).toBe('');
    expect(noticeBodyHtml(null)).toBe('');
  });
});
