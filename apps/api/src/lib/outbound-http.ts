import { Agent, buildConnector, request } from 'undici';
import { isLoopbackAddress, isPublicAddress, resolveAll, type ResolvedAddress } from './public-address.js';

/**
 * The one HTTP client for requests the server makes on a stranger's say-so (issues 37 and 50):
 * Web Push (`lib/web-push.ts`) and webhooks (`modules/integration/delivery.ts`); also the city's
 * SEFAZ gateway (issue 53, `modules/recibos/sefaz.ts`), whose address the operator sets. Whoever
 * subscribes or registers a hook chooses the URL, so without a guard an admin's notification or
 * a shop's sale would make the server POST to its own loopback, the private network or a
 * cloud's metadata service (SSRF).
 *
 * - `https:` on a host whose every address is public unicast (lib/public-address.ts); with
 *   `allowLoopback` (PUSH_ALLOW_LOOPBACK, tests only) also `http:`/`https:` on a host whose every
 *   address is loopback. No credentials in the URL.
 * - The address is pinned: the connector of the undici agent resolves the host, checks every
 *   answer and connects to exactly the address it checked, in one step, so no second DNS answer
 *   (rebinding) is ever connected to. {@link OutboundHttp.check} runs the same rule before a
 *   request, so a refused endpoint is told apart (and logged) without connecting.
 * - A deadline over the whole request (connection, status line, reading the answer), an
 *   answer read up to a cap (past it the connection is closed), no redirects followed, HTTP/1.1.
 */

type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** Why an endpoint is refused (logged), or the URL and addresses it may be sent to. */
export type EndpointCheck =
  { ok: true; url: URL; addresses: ResolvedAddress[] } | { ok: false; reason: string };

/** An endpoint that passed {@link checkEndpoint}: the only thing {@link OutboundHttp.post} takes. */
type CheckedEndpoint = Extract<EndpointCheck, { ok: true }>;

/** How a request went: the answer's status code, or refused without connecting. */
export type Answer = { status: number } | { refused: string };

/**
 * How a request whose answer is read went ({@link OutboundHttp.postReading}): the status, the
 * content type and the body; or an answer past the cap (not read further); or refused.
 */
export type ReadAnswer =
  | { status: number; contentType: string; body: Buffer }
  | { status: number; tooLarge: true }
  | { refused: string };

/** Why `addresses` may not be sent to over `protocol`, or null when they may. */
function refusal(protocol: string, addresses: ResolvedAddress[], allowLoopback: boolean): string | null {
  if (addresses.length === 0) return 'host does not resolve';
  if (allowLoopback && addresses.every((a) => isLoopbackAddress(a.address))) return null;
  if (protocol !== 'https:') return 'not https';
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  return bad ? `non-public address ${bad.address}` : null;
}

/**
 * Whether the server sends to an endpoint at all: `https:` on a host whose every address is
 * public. With `allowLoopback` (PUSH_ALLOW_LOOPBACK, tests only) also `http:` or `https:` on
 * a host whose every address is loopback, where the tests run their push service and receivers.
 */
export async function checkEndpoint(
  endpoint: string,
  allowLoopback: boolean,
  resolve: Resolve = resolveAll,
): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'not http(s)' };
  const addresses = await resolve(url.hostname);
  const reason = refusal(url.protocol, addresses, allowLoopback);
  return reason === null ? { ok: true, url, addresses } : { ok: false, reason };
}

/** The connector's refusal, turned back into an {@link Answer} by `post`. */
class RefusedAddress extends Error {
  constructor(readonly reason: string) {
    super(`endereço recusado: ${reason}`);
  }
}

export interface OutboundOptions {
  /** Also loopback hosts, `http:` or `https:` (PUSH_ALLOW_LOOPBACK: tests only). */
  allowLoopback: boolean;
  /** Deadline of one request: connection, status line and reading the answer. */
  timeoutMs: number;
  /** Sockets kept per origin (default: no limit). */
  connections?: number;
  /** Bytes of an answer read at most (default 64 KiB); past it the connection is closed. */
  maxResponseBytes?: number;
  /** How a host name is resolved (default: every address from `dns.lookup`). Tests script it. */
  resolve?: Resolve;
}

export class OutboundHttp {
  private readonly agent: Agent;
  private readonly resolve: Resolve;
  private readonly allowLoopback: boolean;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(o: OutboundOptions) {
    this.resolve = o.resolve ?? resolveAll;
    this.allowLoopback = o.allowLoopback;
    this.timeoutMs = o.timeoutMs;
    this.maxResponseBytes = o.maxResponseBytes ?? 64 * 1024;
    const direct = buildConnector({ timeout: o.timeoutMs, allowH2: false });
    // Resolve, check, connect to the very address checked (the next one if it does not answer).
    const pinned: buildConnector.connector = (opts, callback) => {
      this.resolve(opts.hostname).then(
        (addresses) => {
          const reason = refusal(opts.protocol, addresses, this.allowLoopback);
          if (reason !== null) return callback(new RefusedAddress(reason), null);
          const attempt = (i: number): void =>
            direct({ ...opts, hostname: addresses[i].address }, (...result) => {
              if (result[0] !== null && i + 1 < addresses.length) attempt(i + 1);
              else callback(...result);
            });
          attempt(0);
        },
        (err: Error) => callback(err, null),
      );
    };
    this.agent = new Agent({ connect: pinned, connections: o.connections ?? null, allowH2: false });
  }

  /** {@link checkEndpoint} with this client's switch and resolver. */
  check(endpoint: string): Promise<EndpointCheck> {
    return checkEndpoint(endpoint, this.allowLoopback, this.resolve);
  }

  /**
   * POSTs `body` to a checked endpoint and answers the status code (the answer's body is read up
   * to the cap and dropped). Throws when there is no answer (network error, deadline).
   */
  async post(to: CheckedEndpoint, body: string | Buffer, headers: Record<string, string>): Promise<Answer> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const res = await request(to.url, { method: 'POST', headers, body, signal, dispatcher: this.agent });
      await res.body.dump({ limit: this.maxResponseBytes, signal }).catch(() => undefined);
      return { status: res.statusCode };
    } catch (err) {
      if (err instanceof RefusedAddress) return { refused: err.reason };
      throw err;
    }
  }

  /**
   * {@link post}, but the answer's body is given back (issue 53: the JSON of a city's SEFAZ
   * gateway), read up to the cap: past it `tooLarge`, and the connection is closed. The deadline
   * covers the whole body. Throws when there is no answer (network error, deadline).
   */
  async postReading(
    to: CheckedEndpoint,
    body: string | Buffer,
    headers: Record<string, string>,
  ): Promise<ReadAnswer> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const res = await request(to.url, { method: 'POST', headers, body, signal, dispatcher: this.agent });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.maxResponseBytes) {
          res.body.destroy();
          return { status: res.statusCode, tooLarge: true };
        }
        chunks.push(chunk);
      }
      const type = res.headers['content-type'];
      return {
        status: res.statusCode,
        contentType: (Array.isArray(type) ? type[0] : type) ?? '',
        body: Buffer.concat(chunks),
      };
    } catch (err) {
      if (err instanceof RefusedAddress) return { refused: err.reason };
      throw err;
    }
  }

  /** Closes the kept-alive sockets. */
  close(): Promise<void> {
    return this.agent.destroy();
  }
}
