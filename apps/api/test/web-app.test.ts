import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { MSG } from '@praca/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createCity } from './factories.js';
import { useTestApp } from './helper.js';

const APP_JS = 'console.log("praça")';

/** A fake build of the web app, as Vite lays it out. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html><html lang="pt-BR"><head>',
      '<meta name="praca-base" content="/" />',
      '<meta name="praca-api" content="" />',
      '<meta name="praca-img" content="/img/" />',
      '<link rel="icon" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("praça")');
  // What apps/web/precompress.ts writes beside each text asset.
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(APP_JS));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(APP_JS));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What apps/web/route-preloads.ts writes (decision 032), with one entry that is no asset.
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({
      '/': ['assets/home-h1.css', 'assets/home-h1.js', 'assets/Paper-p1.js'],
      '/login': ['assets/login-l1.js', '../segredo.js', 'assets/x"><script>.js'],
    }),
  );
  return dir;
}

/** The `<link>` tags a page's HTML carries for the page's own chunks. */
const preloadLinks = (body: string) =>
  body.match(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="[^"]*">/g) ?? [];

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const webDist = fakeWebDist();
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('the web app at /', () => {
  const t = useTestApp({ WEB_DIST: webDist });

  it('serves index.html for the root and any client route (history fallback)', async () => {
    for (const url of ['/', '/login', '/meu/extrato', '/admin/home?x=1', '/parceiro/vender/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain('<meta name="praca-base" content="/" />');
      expect(res.body).toContain('src="/assets/index-abc123.js"');
    }
    const direct = await t.app.inject({ method: 'GET', url: '/index.html', headers: html });
    expect(direct.statusCode).toBe(200);
    expect(direct.body).toContain('praca-base');
  });

  it('puts each first page’s own chunks in its HTML as preload links, and no other page’s', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(preloadLinks(home.body)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/home-h1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/home-h1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Paper-p1.js">',
    ]);
    // In the head, after the entry script, so the browser asks for them with the page.
    expect(home.body.indexOf('home-h1.js')).toBeGreaterThan(home.body.indexOf('index-abc123.js'));
    expect(home.body.indexOf('home-h1.js')).toBeLessThan(home.body.indexOf('</head>'));

    // Only names of built assets get in.
    const login = await t.app.inject({ method: 'GET', url: '/login?voltar=1', headers: html });
    expect(preloadLinks(login.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/login-l1.js">',
    ]);
    expect(login.body).not.toContain('segredo');

    for (const url of ['/meu/extrato', '/login/', '/admin/home']) {
      const other = await t.app.inject({ method: 'GET', url, headers: html });
      expect(preloadLinks(other.body), url).toEqual([]);
      expect(other.body).toContain('src="/assets/index-abc123.js"');
    }
    // The list itself is the server's, not a file to download.
    const list = await t.app.inject({ method: 'GET', url: '/route-preloads.json' });
    expect(list.body).not.toContain('home-h1');
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, brotli first, else the plain file', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('answers every page with the app whatever the Accept header (curl, a link preview), HEAD too', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }, { accept: 'text/plain' }]) {
      for (const url of ['/login', '/meu/extrato?x=1', '/']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('src="/assets/index-abc123.js"');
      }
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/login', headers: { accept: '*/*' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
    // Real files stay what they are.
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: html });
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toBe(APP_JS);
  });

  it('keeps API, docs and image paths, missing assets and other methods out of the fallback', async () => {
    for (const [url, headers] of [
      ['/v1/nada', html],
      ['/v1/nada', { accept: '*/*' }],
      ['/v1', {}],
      ['/docs/nada', html],
      ['/img/nada.png', html],
      ['/img/nada.png', {}],
      ['/assets/sumiu.js', { accept: '*/*' }],
      ['/assets/sumiu.js', html],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ erro: MSG.rotaNaoEncontrada });
    }
    const post = await t.app.inject({ method: 'POST', url: '/meu/extrato', headers: html, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves stored images under /img/ with a long cache', async () => {
    fs.mkdirSync(path.join(t.config.imagesDir, 'imgest'), { recursive: true });
    fs.writeFileSync(
      path.join(t.config.imagesDir, 'imgest', 'loja.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    );
    const res = await t.app.inject({ method: 'GET', url: '/img/imgest/loja.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    // The dots resolve to /etc/passwd, a page of the app like any other: never the file.
    const escape = await t.app.inject({ method: 'GET', url: '/img/../../etc/passwd' });
    expect(escape.statusCode).toBeLessThan(500);
    expect(escape.body).not.toMatch(/root:/);
    if (escape.statusCode === 200) expect(escape.body).toContain('<div id="root">');
    const inside = await t.app.inject({ method: 'GET', url: '/img/imgest/../../../etc/passwd' });
    expect(inside.body).not.toMatch(/root:/);
  });
});

describe('everything under BASE_PATH=/praca/', () => {
  const t = useTestApp({ WEB_DIST: webDist, BASE_PATH: '/praca/' });

  it('serves the API, health and docs under the prefix', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/praca/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/praca/docs/json' })).json().paths).toHaveProperty(
      '/praca/v1/login',
    );
    const city = await createCity(t.db);
    const basic = `Basic ${Buffer.from(`${t.config.CIDADES_BASIC_USER}:${t.config.CIDADES_BASIC_PASS}`).toString('base64')}`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/praca/v1/cidades',
      headers: { authorization: basic },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([city]));
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/cidades', headers: { authorization: basic } }))
        .statusCode,
    ).toBe(404);
  });

  it('rewrites index.html for the base path and falls back under it', async () => {
    for (const url of ['/praca/', '/praca', '/praca/meu/extrato']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<meta name="praca-base" content="/praca/" />');
      expect(res.body).toContain('<meta name="praca-api" content="/praca" />');
      expect(res.body).toContain('<meta name="praca-img" content="/praca/img/" />');
      expect(res.body).toContain('src="/praca/assets/index-abc123.js"');
      expect(res.body).toContain('href="/praca/favicon.svg"');
    }
    const login = await t.app.inject({ method: 'GET', url: '/praca/login', headers: html });
    expect(preloadLinks(login.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/praca/assets/login-l1.js">',
    ]);
    const home = await t.app.inject({ method: 'GET', url: '/praca/', headers: html });
    expect(preloadLinks(home.body)).toContain(
      '<link rel="modulepreload" crossorigin href="/praca/assets/home-h1.js">',
    );
    const asset = await t.app.inject({ method: 'GET', url: '/praca/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    const root = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/praca/');
    const outside = await t.app.inject({ method: 'GET', url: '/outra/coisa', headers: html });
    expect(outside.statusCode).toBe(404);
  });
});

describe('without a built web app', () => {
  const t = useTestApp();

  it('still serves the API, and navigations get 404 {erro}', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ erro: MSG.rotaNaoEncontrada });
  });
});
