import webpush from 'web-push';
import { OutboundHttp } from './outbound-http.js';

/** What salvatoken asks of an endpoint: the rule every send checks again (lib/outbound-http.ts). */

/**
 * Web Push transport (RFC 8030 / 8291 / 8292): encrypts a payload for one subscription
 * (aes128gcm, through the `web-push` library), signs it with the server's VAPID key and POSTs
 * it to the subscription's push service through the outbound-HTTP adapter (lib/outbound-http.ts:
 * only public addresses, checked again on every send and connected to at the very address
 * checked; a deadline per request, no redirects followed). The VAPID `Authorization` header is
 * signed once per push-service origin and reused until it is half-way to its expiry (12 h),
 * instead of one JWT per message.
 */

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url (65 bytes). */
  publicKey: string;
  /** P-256 private scalar, base64url (32 bytes). */
  privateKey: string;
  /** `mailto:` or `https:` contact of the sender. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * How one message went: accepted, gone for good (404/410: delete the subscription), refused
 * before connecting (the endpoint is not one we send to: final) or failed (worth a retry).
 */
export type PushOutcome = 'enviada' | 'removida' | 'recusada' | 'falha';

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Seconds a push service keeps an undelivered message. */
  ttlSeconds?: number;
  /** Deadline of one request, connection to status line. */
  timeoutMs?: number;
  /** Sockets per push-service origin (the fan-out keeps no more requests than this in flight). */
  maxSockets?: number;
  /** Also allow endpoints on this machine's loopback, http or https (tests only). */
  allowLoopback?: boolean;
  /** Told of each endpoint skipped without connecting, and why. */
  onRefused?: (endpoint: string, reason: string) => void;
}

const JWT_LIFETIME_S = 12 * 60 * 60;
/** A cached header is replaced once less than this is left of its life. */
const JWT_RENEW_S = 6 * 60 * 60;

/** The largest payload a push service must accept is 4096 bytes of record; keep room for the padding and header. */
const MAX_PAYLOAD_BYTES = 3800;

export class PushSender {
  private readonly vapid: VapidKeys;
  private readonly ttl: number;
  private readonly onRefused: (endpoint: string, reason: string) => void;
  private readonly headers = new Map<string, { authorization: string; exp: number }>();
  private readonly http: OutboundHttp;

  constructor(o: PushSenderOptions) {
    this.vapid = o.vapid;
    this.ttl = o.ttlSeconds ?? 24 * 60 * 60;
    this.onRefused = o.onRefused ?? (() => undefined);
    this.http = new OutboundHttp({
      allowLoopback: o.allowLoopback ?? false,
      timeoutMs: o.timeoutMs ?? 10_000,
      connections: o.maxSockets ?? 16,
    });
  }

  /** `vapid t=<JWT>, k=<public key>` for a push-service origin, signed at most every 6 h. */
  authorization(origin: string, nowS = Math.floor(Date.now() / 1000)): string {
    const cached = this.headers.get(origin);
    if (cached && cached.exp - nowS > JWT_RENEW_S) return cached.authorization;
    const exp = nowS + JWT_LIFETIME_S;
    const { Authorization } = webpush.getVapidHeaders(
      origin,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      exp,
    );
    this.headers.set(origin, { authorization: Authorization, exp });
    return Authorization;
  }

  /**
   * Sends one message; never throws. With `topic` (RFC 8030 §5.4: at most 32 base64url
   * characters) a push service that still holds an undelivered message of that topic replaces it
   * instead of delivering both: a message re-sent after a crash is not shown twice.
   */
  async send(target: PushTarget, payload: string, topic?: string): Promise<PushOutcome> {
    const checked = await this.http.check(target.endpoint);
    if (!checked.ok) {
      this.onRefused(target.endpoint, checked.reason);
      return 'recusada';
    }
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          TTL: this.ttl,
          contentEncoding: 'aes128gcm',
          ...(topic ? { topic } : {}),
          headers: { Authorization: this.authorization(checked.url.origin) },
        },
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
      const answer = await this.http.post(checked, details.body, headers);
      if ('refused' in answer) {
        this.onRefused(target.endpoint, answer.refused);
        return 'recusada';
      }
      const { status } = answer;
      if (status >= 200 && status < 300) return 'enviada';
      return status === 404 || status === 410 ? 'removida' : 'falha';
    } catch {
      return 'falha';
    }
  }

  /** Closes the kept-alive sockets. */
  close(): void {
    void this.http.close();
  }
}

/** A fresh VAPID key pair (base64url). */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();

/** Throws when the key pair or subject would not sign (wrong length, not base64url, bad subject). */
export function checkVapidKeys(keys: VapidKeys): void {
  webpush.getVapidHeaders('https://push.example', keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm');
}

/**
 * Runs `work` over every item of `items` with at most `concurrency` at a time. The items are
 * pulled lazily, so an async generator reading pages from the database is read no faster than
 * they are sent.
 */
export async function forEachConcurrently<T>(
  items: AsyncIterable<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const it = items[Symbol.asyncIterator]();
  const worker = async (): Promise<void> => {
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      await work(next.value);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/**
 * The JSON a service worker receives. The body is shortened (the stored notification keeps
 * it whole) when the whole would not fit in one push message.
 */
export function pushPayload(p: {
  title: string;
  body: string;
  image: string;
  url: string;
  id_notificacao: number | null;
}): string {
  let text = JSON.stringify(p);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return text;
  const chars = Array.from(p.body);
  let lo = 0;
  let hi = chars.length;
  // The longest prefix of the body that fits.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = JSON.stringify({ ...p, body: `${chars.slice(0, mid).join('')}…` });
    if (Buffer.byteLength(candidate) <= MAX_PAYLOAD_BYTES) lo = mid;
    else hi = mid - 1;
  }
  text = JSON.stringify({ ...p, body: `${chars.slice(0, lo).join('')}…` });
  return text;
}
