import { afterEach, describe, expect, it, vi } from 'vitest';
import { noticeBodyHtml } from './sanitize-html';

// DOMPurify really sanitises under jsdom (it does not under happy-dom: design/stack.md).
afterEach(() => {
  vi.restoreAllMocks();
});

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

  it('never lets a parser read an event handler, not even in a document that runs nothing', () => {
    // The browser checks a handler against the page's CSP as it parses it (issue 35: the
    // preview of `<img src=x onerror=alert(1)>` reported a blocked handler).
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    const html = noticeBodyHtml(
      '<img src=x onerror=alert(1)><a href="/a"onclick="alert(2)">a</a><svg/onload=alert(3)><b\nonmouseover =alert(4)>b</b>',
    );
    expect(parse).toHaveBeenCalled();
    for (const [input] of parse.mock.calls) expect(String(input)).not.toMatch(/[\s/"']on[a-z]+\s*=/i);
    expect(html).not.toMatch(/on[a-z]+\s*=|alert|<img|<svg/i);
    expect(html).toContain('<a href="/a">a</a>');
  });

  it('keeps the server list only: no images, styles or unknown attributes', () => {
    expect(noticeBodyHtml('<p class="x" style="color:red" data-a="1">oi<img src="/img/a.png"></p>')).toBe(
      '<p>oi</p>',
    );
  });

  it('keeps text that only looks like a handler, as typed', () => {
    expect(noticeBodyHtml('Cupom online= 10% <i title="ver onde =">aqui</i>')).toBe(
      'Cupom online= 10% <i title="ver onde =">aqui</i>',
    );
    expect(noticeBodyHtml('<a title="promo online=sim" href="https://praca.example/">site</a>')).toBe(
      '<a title="promo online=sim" href="https://praca.example/">site</a>',
    );
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
