import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { MSG } from '@praca/contract';
import { escapeHtml } from '../lib/html.js';
import { LocalStore, type Store } from '../lib/storage.js';
import { IMAGES_PREFIX } from '../modules/images/service.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_CACHE = 'public, max-age=604800';
/** Uploads are stored under a name with 8 random hex digits, never rewritten: cache them for good. */
const UPLOADED_IMAGE = /-[0-9a-f]{8}\.png$/;
/**
 * Paths that belong to the server, never to the web app's router; `assets/` holds the build's
 * own files, so a missing one is a 404, not a page a script tag would choke on. `metrics` is
 * served on a port of its own (METRICS_PORT, issue 54): on the public one it is a plain 404.
 */
const SERVER_PATHS = /^\/(v1|docs|health|img|assets|metrics)(\/|$)/;

export type MapConfig = Pick<Config, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION' | 'GEOCODER_URL'> &
  Partial<Pick<Config, 'GOVBR_CLIENT_ID'>>;

/**
 * index.html with its run-time configuration for this base path: the `praca-*` meta tags
 * (see apps/web/src/config/env.ts; the map's ones and gov.br's when `map` is given) and, when the build
 * used `/`, root-absolute asset URLs.
 */
export function rewriteIndexHtml(html: string, basePath: string, map?: MapConfig): string {
  const api = basePath.replace(/\/$/, '');
  // The value goes into a double-quoted attribute, escaped; a function replacement keeps `$` literal.
  const meta = (name: string, value: string) => (s: string) =>
    s.replace(
      new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`),
      (_m, open: string, close: string) => `${open}${escapeHtml(value)}${close}`,
    );
  const rules = [meta('praca-base', basePath), meta('praca-api', api), meta('praca-img', `${basePath}img/`)];
  if (map) {
    rules.push(
      meta('praca-map-tiles', map.MAP_TILE_URL),
      meta('praca-map-attribution', map.MAP_TILE_ATTRIBUTION),
      meta('praca-geocoder', map.GEOCODER_URL),
      // Issue 52: "Entrar com gov.br" shows only when the server has a client id.
      meta('praca-govbr', map.GOVBR_CLIENT_ID ? '1' : ''),
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

/**
 * What the web build writes beside index.html (apps/web/route-preloads.ts, decision 032): for the
 * first pages people open, by path under the base path, the chunks and stylesheets that page
 * loads at once, as paths under the build folder.
 */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
const ASSET_FILE = /^assets\/[\w.-]+\.(?:js|css)$/;

function readRoutePreloads(dist: string): Record<string, string[]> {
  try {
    const data: unknown = JSON.parse(fs.readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8'));
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    const out: Record<string, string[]> = {};
    for (const [route, files] of Object.entries(data)) {
      if (Array.isArray(files))
        out[route] = files.filter((f): f is string => typeof f === 'string' && ASSET_FILE.test(f));
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * index.html with a page's own chunks as `<link rel="modulepreload">` (and its stylesheets),
 * before `</head>`: the browser fetches them with the page, and Vite's preload helper, which
 * skips a link already there, adds none while the router starts. The links take the build's
 * own asset prefix (that of the entry script), so rewriteIndexHtml moves them with the rest.
 */
function withRoutePreloads(html: string, files: readonly string[]): string {
  const assets = files.filter((f) => ASSET_FILE.test(f));
  if (assets.length === 0) return html;
  const prefix = /<script[^>]*\ssrc="([^"]*?)assets\//.exec(html)?.[1] ?? '/';
  const tags = assets.map((f) =>
    f.endsWith('.css')
      ? `<link rel="stylesheet" crossorigin href="${escapeHtml(prefix + f)}">`
      : `<link rel="modulepreload" crossorigin href="${escapeHtml(prefix + f)}">`,
  );
  return html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * index.html for a page (its path under the base path), rewritten; read again only when the
 * file changed (a rebuild while the server runs).
 */
function indexReader(file: string, basePath: string, map: MapConfig) {
  let cache:
    | { mtimeMs: number; plain: string; preloads: Record<string, string[]>; pages: Map<string, string> }
    | undefined;
  return (page: string): string | null => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (!cache || cache.mtimeMs !== stat.mtimeMs) {
      cache = {
        mtimeMs: stat.mtimeMs,
        plain: fs.readFileSync(file, 'utf8'),
        preloads: readRoutePreloads(path.dirname(file)),
        pages: new Map(),
      };
    }
    const key = Object.hasOwn(cache.preloads, page) ? page : '';
    let html = cache.pages.get(key);
    if (html === undefined) {
      html = rewriteIndexHtml(withRoutePreloads(cache.plain, key ? cache.preloads[key]! : []), basePath, map);
      cache.pages.set(key, html);
    }
    return html;
  };
}

/** A stored image's key from its path under `<base>/img/`, or null for anything else. */
const IMAGE_PATH = /^[a-z]+\/[A-Za-z0-9_][A-Za-z0-9._-]*\.png$/;

/**
 * The images on object storage (decision 046): streamed through the API at the same address
 * and with the same cache headers as the data folder's, so pages, the apps and the service
 * worker see no difference and the bucket stays private.
 */
function registerStoredImages(app: FastifyInstance, base: string, store: Store): void {
  app.get(`${base}/img/*`, { schema: { hide: true } }, async (req, reply) => {
    const rel = (req.params as { '*': string })['*'];
    const got = IMAGE_PATH.test(rel) ? await store.get(`${IMAGES_PREFIX}${rel}`) : null;
    if (!got) return reply.code(404).send({ erro: MSG.rotaNaoEncontrada });
    return reply
      .type('image/png')
      .header('content-length', String(got.size))
      .header('cache-control', UPLOADED_IMAGE.test(rel) ? IMMUTABLE : IMAGE_CACHE)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(got.body);
  });
}

export interface WebApp {
  /**
   * Answers a GET or HEAD of any page with index.html (history fallback), whatever its Accept
   * header (curl, a link preview); false for server paths and other methods.
   */
  fallback(req: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Images under `<base>img/`, and the built web app under `<base>`: hashed assets cached for
 * a year, everything else revalidated, text files sent precompressed (brotli or gzip), and
 * every other page gets index.html.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  base: string,
  store: Store,
): Promise<WebApp> {
  if (store instanceof LocalStore) {
    // DATA_DIR/images, or the shared directory's (STORAGE_URL=file:///…).
    const imagesDir = path.join(store.root, 'images');
    fs.mkdirSync(imagesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: imagesDir,
      prefix: `${base}/img/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', UPLOADED_IMAGE.test(filePath) ? IMMUTABLE : IMAGE_CACHE);
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  } else {
    registerStoredImages(app, base, store);
  }

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
    // index.html is only sent rewritten, by the fallback below (with its page's preloads, read
    // from route-preloads.json, which is not served); folders go to it too.
    allowedPath: (pathname) =>
      pathname !== '/index.html' && pathname !== `/${ROUTE_PRELOADS_FILE}` && !pathname.endsWith('/'),
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
      const html = readIndex(pathname.slice(base.length) || '/');
      if (html === null) return false;
      void reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      return true;
    },
  };
}
