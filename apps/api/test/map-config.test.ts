import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { cspDirectives, urlOrigins } from '../src/plugins/security.js';
import { rewriteIndexHtml } from '../src/plugins/web-app.js';
import { useTestApp } from './helper.js';

/** A fake build whose index.html carries the map's empty meta tags, as apps/web/index.html does. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-web-map-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html><html lang="pt-BR"><head>',
      '<meta name="praca-base" content="/" />',
      '<meta name="praca-map-tiles" content="" />',
      '<meta name="praca-map-attribution" content="" />',
      '<meta name="praca-geocoder" content="" />',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  return dir;
}

const html = { accept: 'text/html' };
const webDist = fakeWebDist();
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

function directive(csp: string, name: string): string[] {
  const d = csp.split(';').find((part) => part.trim().startsWith(`${name} `));
  return d ? d.trim().split(/\s+/).slice(1) : [];
}

describe('map configuration (configured tile and geocoder services)', () => {
  const t = useTestApp({
    WEB_DIST: webDist,
    MAP_TILE_URL: 'http://127.0.0.1:3999/tiles/{z}/{x}/{y}.png',
    MAP_TILE_ATTRIBUTION: '&copy; Mapas "Locais" <b>',
    GEOCODER_URL: 'https://geo.example.org:8443/search?key=a&b=$1',
  });

  it('rewrites the map meta tags with the configured URLs, escaped for an attribute', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mapa', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<meta name="praca-map-tiles" content="http://127.0.0.1:3999/tiles/{z}/{x}/{y}.png" />',
    );
    expect(res.body).toContain(
      '<meta name="praca-map-attribution" content="&amp;copy; Mapas &quot;Locais&quot; &lt;b&gt;" />',
    );
    expect(res.body).toContain(
      '<meta name="praca-geocoder" content="https://geo.example.org:8443/search?key=a&amp;b=$1" />',
    );
  });

  it('allows the tile origin for images and the geocoder origin for fetch, and nothing wider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mapa', headers: html });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:3999']);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://geo.example.org:8443']);
    expect(csp).not.toContain('*');
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
  });
});

describe('map configuration defaults', () => {
  it('uses the public OpenStreetMap services', () => {
    const c = loadConfig({});
    expect(c.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(c.MAP_TILE_ATTRIBUTION).toBe('&copy; OpenStreetMap');
    expect(c.GEOCODER_URL).toBe('https://nominatim.openstreetmap.org/search');
    const d = cspDirectives(c);
    expect(d.imgSrc).toContain('https://tile.openstreetmap.org');
    expect(d.connectSrc).toEqual(["'self'", 'https://nominatim.openstreetmap.org']);
  });

  it('rejects a tile URL that is not http(s)', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(/MAP_TILE_URL/);
  });

  it('spells out a {s} subdomain template instead of a wildcard', () => {
    expect(urlOrigins('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual([
      'https://a.tile.example.org',
      'https://b.tile.example.org',
      'https://c.tile.example.org',
    ]);
    expect(urlOrigins('HTTP://Tiles.Example.org:80/x')).toEqual(['http://tiles.example.org']);
  });

  it('leaves the tags alone when no map config is given', () => {
    const src = '<meta name="praca-map-tiles" content="" />';
    expect(rewriteIndexHtml(src, '/')).toBe(src);
  });
});
