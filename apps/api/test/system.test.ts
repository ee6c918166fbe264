import { APP_VERSION, MSG } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { dialect, useTestApp } from './helper.js';

describe('health, docs and unknown routes', () => {
  const t = useTestApp();

  it('GET /health answers ok with the database and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', banco: dialect, versao: APP_VERSION });
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/v1/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('senha');
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'estabelecimentos',
    );
    expect(login.responses['401']).toBeDefined();
    expect(doc.paths).toHaveProperty('/v1/usuarios/registro');
    expect(doc.paths).toHaveProperty('/v1/adm/cidades');
  });

  it('redirects /docs/static/index.html to the page once, with or without a query (no loop)', async () => {
    for (const [url, location] of [
      ['/docs/static/index.html', '/docs/'],
      ['/docs/static/index.html?x=1', '/docs/?x=1'],
      ['/docs/static/index.html?a=1&b=%2F', '/docs/?a=1&b=%2F'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
      const page = await t.app.inject({ method: 'GET', url: location });
      expect(page.statusCode, location).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('serves the Swagger UI page at /docs with a CSP that lets it run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
    const css = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
  });

  it('answers an unknown route with 404 {erro}', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nada'],
      ['POST', '/v1/nada'],
      ['DELETE', '/v1/login'],
      ['GET', '/docs/nada'],
      ['GET', '/qualquer/coisa'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { accept: 'application/json' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ erro: MSG.rotaNaoEncontrada });
    }
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Our own scripts only; WebAssembly may compile (the QR scanner), no string is evaluated.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http here (PUBLIC_URL unset): HSTS would mean nothing.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY, X-Forwarded-Proto)', () => {
  const t = useTestApp({ TRUST_PROXY: 'true' });

  it('sends HSTS on the requests that arrived over https, not on plain http ones', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https.headers['content-security-policy']).toContain("default-src 'self'");
    const http = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('without TRUST_PROXY, a client cannot claim https', () => {
  const t = useTestApp();

  it('ignores X-Forwarded-Proto from the client', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind HTTPS (PUBLIC_URL https://…)', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://praca.exemplo.gov.br', TRUST_PROXY: 'true' });

  it('sends HSTS for a year with subdomains on every answer, errors included', async () => {
    for (const url of ['/health', '/v1/nao-existe']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
