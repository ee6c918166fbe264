import cors from '@fastify/cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * A strict Content-Security-Policy for the built React app: only our own scripts (plus
 * WebAssembly compilation, which the QR scanner's ZXing needs; no eval of strings), inline
 * styles because Mantine injects them, images also from data:/blob: (previews), no frames.
 * cspDirectives() adds the map's configured tile origin to img-src and geocoder origin to
 * connect-src.
 * No upgrade-insecure-requests: the product also runs on plain http on a local network.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The origins (`scheme://host[:port]`) a URL or a tile template like `https://t/{z}/{x}/{y}.png`
 * reaches. A `{s}` subdomain placeholder is spelled out as Leaflet's default a, b and c, so the
 * policy never needs a wildcard.
 */
export function urlOrigins(url: string): string[] {
  const m = /^(https?:\/\/[^/?#]+)/i.exec(url.trim());
  if (!m) return [];
  const hosts = m[1].includes('{s}') ? ['a', 'b', 'c'].map((s) => m[1].replace(/\{s\}/g, s)) : [m[1]];
  const out: string[] = [];
  for (const h of hosts) {
    try {
      const origin = new URL(h).origin;
      if (origin !== 'null' && !out.includes(origin)) out.push(origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return out;
}

/** CSP_DIRECTIVES plus the map's tile origin (img-src) and geocoder origin (connect-src), from config. */
export function cspDirectives(config: Pick<Config, 'MAP_TILE_URL' | 'GEOCODER_URL'>): typeof CSP_DIRECTIVES {
  const add = (list: string[], origins: string[]) => [...list, ...origins.filter((o) => !list.includes(o))];
  return {
    ...CSP_DIRECTIVES,
    imgSrc: add(CSP_DIRECTIVES.imgSrc, urlOrigins(config.MAP_TILE_URL)),
    connectSrc: add(CSP_DIRECTIVES.connectSrc, urlOrigins(config.GEOCODER_URL)),
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    // HSTS only means something over https: always when the public address is https, else
    // on the requests that arrived over https (directly, or per a trusted proxy's
    // X-Forwarded-Proto), so a plain-http local install never pins itself to https.
    strictTransportSecurity: false,
  };
  const headers = securityHeaders(options);
  const secured = securityHeaders({ ...options, strictTransportSecurity: undefined });
  const always = config.publicUrl.startsWith('https:');
  // The same headers on every answer, worked out once (no nonces): building them per request
  // cost ~9 % of a cached read's CPU (docs/journal/017-hot-reads-as-bytes.md).
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(always || req.protocol === 'https' ? secured : headers);
    done();
  });
  // Same origin needs no CORS; other browser origins only when configured.
  if (config.CORS_ORIGINS.length) {
    await app.register(cors, { origin: config.CORS_ORIGINS, exposedHeaders: ['X-Total-Count'] });
  }
}

/** The headers helmet sets for these options, collected once from its middleware. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}
