import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, basePath, imageUrl, routerBasename } from './env';

function setMeta(name: string, content: string) {
  let el = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.append(el);
  }
  el.content = content;
}

describe('run-time configuration', () => {
  afterEach(() => document.head.querySelectorAll('meta').forEach((m) => m.remove()));

  it('serves from the root by default: /v1 and /img/', () => {
    expect(basePath()).toBe('/');
    expect(routerBasename()).toBe('/');
    expect(apiUrl()).toBe('');
    expect(imageUrl('imgest/loja.png')).toBe('/img/imgest/loja.png');
  });

  it('follows the base path the server writes into <meta name="praca-base">', () => {
    setMeta('praca-base', '/praca');
    expect(basePath()).toBe('/praca/');
    expect(routerBasename()).toBe('/praca');
    expect(apiUrl()).toBe('/praca');
    expect(imageUrl('/imgban/b.png')).toBe('/praca/img/imgban/b.png');
  });

  it('lets the server point images and the API elsewhere', () => {
    setMeta('praca-img', 'https://img.exemplo.com/praca');
    setMeta('praca-api', 'https://api.exemplo.com/');
    expect(imageUrl('imglog/l.png')).toBe('https://img.exemplo.com/praca/imglog/l.png');
    expect(apiUrl()).toBe('https://api.exemplo.com');
    expect(imageUrl('https://outro.com/x.png')).toBe('https://outro.com/x.png');
    expect(imageUrl(null)).toBe('');
  });
});
