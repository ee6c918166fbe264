import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real Web Push service on 127.0.0.1 for the tests, written against the standards with
 * node:crypto only (no web-push, no http_ece), so it checks the server independently:
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`, an ES256 JWT whose
 *   signature verifies with `k`, `aud` the endpoint's origin, `exp` in the future and at most
 *   24 h away, `sub` a mailto: or https: contact;
 * - RFC 8030: a `TTL` header;
 * - RFC 8291 + RFC 8188: `Content-Encoding: aes128gcm`, the body decrypted with the
 *   subscription's private key and auth secret.
 * Each accepted message is recorded, decrypted, per subscription; a subscription can be told to
 * answer 404, 410 or 500 (it still checks and records), or to hold its answer a while.
 */

export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface Received {
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  ttl: number;
  jwt: { aud: string; exp: number; sub: string };
  /** The JWT text, to see it reused. */
  token: string;
  /** The VAPID public key of `k=`. */
  k: string;
  /** The `Topic` header (RFC 8030 §5.4), if any. */
  topic?: string;
}

interface Sub {
  ecdh: ECDH;
  auth: Buffer;
  publicKey: Buffer;
  status: number;
  received: Received[];
}

export interface PushService {
  origin: string;
  /** A new subscription, as the browser's `PushSubscription.toJSON()`. */
  subscribe(): SubscriptionJson;
  /** The messages a subscription got, oldest first. */
  received(sub: SubscriptionJson): Received[];
  /** What the subscription answers from now on (201 by default). */
  answer(sub: SubscriptionJson, status: number): void;
  /** Every check that failed, as text (the tests expect none). */
  problems: string[];
  /** Requests of all subscriptions. */
  requests(): number;
  /** The most requests that were in flight at once. */
  maxInFlight(): number;
  /** Milliseconds each answer is held (to see the sender's concurrency). */
  delayMs: number;
  close(): Promise<void>;
}

const b64url = (b: Buffer): string => b.toString('base64url');
const fromB64url = (s: string): Buffer => Buffer.from(s, 'base64url');

/** HKDF-SHA256 (RFC 5869) of `length` bytes. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Checks the VAPID header; answers the JWT claims or throws with the reason. */
export function verifyVapid(
  authorization: string | undefined,
  origin: string,
  nowS = Math.floor(Date.now() / 1000),
): { jwt: Received['jwt']; token: string; k: string } {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
    authorization ?? '',
  );
  if (!m) throw new Error(`Authorization sem 'vapid t=…, k=…': ${authorization}`);
  const [, token, k] = m;
  const [h, p, s] = token.split('.');
  const header = JSON.parse(fromB64url(h).toString('utf8')) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`);
  const key = fromB64url(k);
  if (key.length !== 65 || key[0] !== 4) throw new Error('k não é uma chave P-256 não comprimida');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(key.subarray(1, 33)), y: b64url(key.subarray(33, 65)) },
    format: 'jwk',
  });
  const signature = fromB64url(s);
  if (signature.length !== 64) throw new Error('assinatura JOSE deve ter 64 bytes (r||s)');
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!ok) throw new Error('assinatura ES256 do JWT não confere com k');
  const jwt = JSON.parse(fromB64url(p).toString('utf8')) as Received['jwt'];
  if (jwt.aud !== origin) throw new Error(`aud ${jwt.aud} ≠ ${origin}`);
  if (!Number.isInteger(jwt.exp) || jwt.exp <= nowS) throw new Error(`exp ${jwt.exp} no passado`);
  if (jwt.exp > nowS + 24 * 3600) throw new Error(`exp ${jwt.exp} a mais de 24 h`);
  if (!/^(mailto:|https:)/.test(jwt.sub ?? '')) throw new Error(`sub ${jwt.sub}`);
  return { jwt, token, k };
}

/** Decrypts an aes128gcm Web Push body (RFC 8291 on RFC 8188) for a subscription. */
function decryptWebPush(body: Buffer, ua: { ecdh: ECDH; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Error('corpo curto demais');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4)
    throw new Error(`keyid deve ser a chave pública efêmera (65 bytes), veio ${idlen}`);
  const records = body.subarray(21 + idlen);
  if (rs < 18) throw new Error(`rs ${rs} inválido`);
  if (records.length > rs) throw new Error('esperava um único registro');
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  // RFC 8291 §3.3-3.4.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ua.auth, ecdhSecret, keyInfo, 32);
  // RFC 8188 §2.2-2.3.
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const tag = records.subarray(records.length - 16);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(tag);
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // Last record: the data, the 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error('delimitador de preenchimento 0x02 ausente');
  return padded.subarray(0, end);
}

export async function startPushService(): Promise<PushService> {
  const subs = new Map<string, Sub>();
  const problems: string[] = [];
  let requests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let origin = '';

  const server = http.createServer((req, res) => {
    requests += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const finish = (status: number) => {
        setTimeout(() => {
          inFlight -= 1;
          res.writeHead(status).end();
        }, service.delayMs);
      };
      const m = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '');
      const sub = m ? subs.get(m[1]) : undefined;
      if (req.method !== 'POST' || !sub) {
        problems.push(`pedido inesperado ${req.method} ${req.url}`);
        return finish(404);
      }
      try {
        const { jwt, token, k } = verifyVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        }
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${req.headers.ttl}`);
        const plain = decryptWebPush(Buffer.concat(chunks), sub);
        const topic = typeof req.headers.topic === 'string' ? req.headers.topic : undefined;
        sub.received.push({
          payload: JSON.parse(plain.toString('utf8')),
          ttl,
          jwt,
          token,
          k,
          ...(topic ? { topic } : {}),
        });
      } catch (err) {
        problems.push(`${req.url}: ${(err as Error).message}`);
        return finish(400);
      }
      finish(sub.status);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (s: SubscriptionJson): string => s.endpoint.slice(s.endpoint.lastIndexOf('/') + 1);
  const subOf = (s: SubscriptionJson): Sub => {
    const sub = subs.get(idOf(s));
    if (!sub) throw new Error(`inscrição desconhecida ${s.endpoint}`);
    return sub;
  };

  const service: PushService = {
    origin,
    problems,
    delayMs: 0,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = b64url(randomBytes(12));
      const publicKey = ecdh.getPublicKey();
      subs.set(id, { ecdh, auth, publicKey, status: 201, received: [] });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
      };
    },
    received: (s) => subOf(s).received,
    answer(s, status) {
      subOf(s).status = status;
    },
    requests: () => requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return service;
}
