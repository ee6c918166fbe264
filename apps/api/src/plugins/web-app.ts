import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_CACHE = 'public, max-age=604800';
/** Uploads are stored under a name with 8 random hex digits, never rewritten: cache them for good. */
const UPLOADED_IMAGE = /-[0-9a-f]{8}\.png$/;
/** Paths that belong to the server, never to the web app's router. */
const SERVER_PATHS = /^\/(v1|docs|health|img)(\/|$)/;

export type MapConfig = Pick<Config, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION' | 'GEOCODER_URL'>;

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * index.html with its run-time configuration for this base path: the `praca-*` meta tags
 * (see apps/web/src/config/env.ts; the map's ones when `map` is given) and, when the build
 * used `/`, root-absolute asset URLs.
 */
export function rewriteIndexHtml(html: string, basePath: string, map?: MapConfig): string {
  const api = basePath.replace(/\/$/, '');
  // The value goes into a double-quoted attribute, escaped; a function replacement keeps `$` literal.
  const meta = (name: string, value: string) => (s: string) =>
    s.replace(
      new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`),
      (_m, open: string, close: string) => `${open}${escapeAttr(value)}${close}`,
    );
  const rules = [meta('praca-base', basePath), meta('praca-api', api), meta('praca-img', `${basePath}img/`)];
  if (map) {
    rules.push(
      meta('praca-map-tiles', map.MAP_TILE_URL),
      meta('praca-map-attribution', map.MAP_TILE_ATTRIBUTION),
      meta('praca-geocoder', map.GEOCODER_URL),
    );
  }
  let out = rules.reduce((s, f) => f(s), html);
  if (basePath !== '/') {
    const src = out;
    out = src.replace(/(\s(?:src|href)=")\/(?!\/)/g, (m, attr: string, offset: number) =>
      src.startsWith(basePath, offset + attr.length) ? m : `${attr}${basePath}`,
    );
  }
  return out;
}

/** Reads index.html again only when the file changed (a rebuild while the server runs). */
function indexReader(file: string, basePath: string, map: MapConfig) {
  let cache: { mtimeMs: number; html: string } | undefined;
  return (): string | null => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (!cache || cache.mtimeMs !== stat.mtimeMs) {
      cache = { mtimeMs: stat.mtimeMs, html: rewriteIndexHtml(fs.readFileSync(file, 'utf8'), basePath, map) };
    }
    return cache.html;
  };
}

export interface WebApp {
  /** Answers a browser navigation with index.html (history fallback); false when it is not one. */
  fallback(req: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Images under `<base>img/`, and the built web app under `<base>`: hashed assets cached for
 * a year, everything else revalidated, text files sent precompressed (brotli or gzip), and
 * every other browser navigation gets index.html.
 */
export async function registerWebApp(app: FastifyInstance, config: Config, base: string): Promise<WebApp> {
  fs.mkdirSync(config.imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.imagesDir,
    prefix: `${base}/img/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', UPLOADED_IMAGE.test(filePath) ? IMMUTABLE : IMAGE_CACHE);
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const indexFile = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`app web não encontrado em ${config.webDist} (rode npm run build); servindo só a API`);
    return { fallback: () => false };
  }
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: `${base}/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    // The web build writes x.br and x.gz beside each text asset (apps/web/precompress.ts):
    // sent by Accept-Encoding, with `Vary: Accept-Encoding`, the plain file otherwise.
    preCompressed: true,
    // index.html is only sent rewritten, by the fallback below; folders go to it too.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
    setHeaders: (reply, filePath) => {
      const rel = path.relative(config.webDist, filePath).split(path.sep).join('/');
      reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });

  const readIndex = indexReader(indexFile, config.BASE_PATH, config);
  return {
    fallback(req, reply) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const pathname = req.url.split('?')[0];
      if (base && pathname === '/') {
        void reply.redirect(config.BASE_PATH, 302);
        return true;
      }
      if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return false;
      if (SERVER_PATHS.test(pathname.slice(base.length))) return false;
      if (!(req.headers.accept ?? '').includes('text/html')) return false;
      const html = readIndex();
      if (html === null) return false;
      void reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      return true;
    },
  };
}
