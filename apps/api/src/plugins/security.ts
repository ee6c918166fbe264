import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * A strict Content-Security-Policy for the built React app: only our own scripts (plus
 * WebAssembly compilation, which the QR scanner's ZXing needs; no eval of strings), inline
 * styles because Mantine injects them, images also from data:/blob: (previews), no frames.
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    // HSTS only means something over https.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? undefined : false,
  });
  // Same origin needs no CORS; other browser origins only when configured.
  if (config.CORS_ORIGINS.length) {
    await app.register(cors, { origin: config.CORS_ORIGINS, exposedHeaders: ['X-Total-Count'] });
  }
}
