import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkEndpoint, OutboundHttp, type EndpointCheck } from '../src/lib/outbound-http.js';
import type { ResolvedAddress } from '../src/lib/public-address.js';

/**
 * The outbound-HTTP adapter (issue 50): the SSRF guard of Web Push and webhooks. It refuses every
 * spelling of loopback and of the private networks unless PUSH_ALLOW_LOOPBACK's switch
 * (`allowLoopback`) is on, connects to exactly the address it checked (a second DNS answer is
 * never connected to), follows no redirect, caps the answer it reads and keeps a deadline.
 *
 * Every request here goes to a receiver on 127.0.0.1. The one address the guard must take for
 * public is 3fff::1, of the IPv6 documentation prefix 3fff::/20 (RFC 9637): nobody's address,
 * and never connected to.
 */

interface Seen {
  path: string;
  host: string | undefined;
  body: string;
}
const seen: Seen[] = [];
/** How the receiver answers a path (default: 200 'ok'). */
const answers = new Map<string, (res: http.ServerResponse) => void>();
const closedEarly: string[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    const path = req.url ?? '';
    seen.push({ path, host: req.headers.host, body });
    res.on('close', () => {
      if (!res.writableFinished) closedEarly.push(path);
    });
    const answer = answers.get(path);
    if (answer) answer(res);
    else res.end('ok');
  });
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const clients: OutboundHttp[] = [];
const client = (o: Partial<ConstructorParameters<typeof OutboundHttp>[0]> = {}) => {
  const c = new OutboundHttp({ allowLoopback: false, timeoutMs: 5_000, ...o });
  clients.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  seen.length = 0;
});

/** A resolver that answers `answers` in turn (the last one again once they run out), and counts. */
function scripted(...script: ResolvedAddress[][]) {
  const calls: string[] = [];
  const resolve = (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    return Promise.resolve(script[Math.min(calls.length, script.length) - 1]);
  };
  return { resolve, calls };
}
const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });
/** Stands for a public address: the guard takes it, and it is nobody's (RFC 9637). */
const PUBLIC = v6('3fff::1');

const headers = { 'content-type': 'text/plain' };
const ok = (c: EndpointCheck) => {
  if (!c.ok) throw new Error(`refused: ${c.reason}`);
  return c;
};

/** Loopback spelled every way a URL allows (the WHATWG parser turns the IPv4 forms into 127.0.0.1). */
const loopbackHosts = [
  '127.0.0.1',
  '127.1',
  '0x7f.1',
  '0177.0.0.1',
  '2130706433',
  '127.8.9.10',
  'localhost',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[0:0:0:0:0:ffff:7f00:1]',
];
const privateHosts = [
  '10.0.0.8',
  '10.255.255.1',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '[::]',
  '[::ffff:10.0.0.1]',
  '[::ffff:169.254.169.254]',
  '[64:ff9b::a00:1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[fe80::1]',
];

describe('the outbound-HTTP adapter (SSRF guard)', () => {
  it('refuses loopback and private addresses in every spelling, https or not', async () => {
    for (const host of [...loopbackHosts, ...privateHosts]) {
      for (const scheme of ['https', 'http']) {
        const check = await checkEndpoint(`${scheme}://${host}:${port}/x`, false);
        expect(check.ok, `${scheme}://${host}`).toBe(false);
      }
    }
    for (const bad of ['ftp://127.0.0.1/x', 'nada', `https://user:pw@[${PUBLIC.address}]/x`]) {
      expect((await checkEndpoint(bad, false)).ok, bad).toBe(false);
    }
    // Plain http to a public address is refused too; https to it is taken (not connected to here).
    const { resolve } = scripted([PUBLIC]);
    expect(await checkEndpoint('http://push.example/x', false, resolve)).toEqual({
      ok: false,
      reason: 'not https',
    });
    expect((await checkEndpoint('https://push.example/x', false, resolve)).ok).toBe(true);
    // One bad address among good ones is enough.
    const mixed = scripted([PUBLIC, v4('127.0.0.1')]);
    expect(await checkEndpoint('https://push.example/x', false, mixed.resolve)).toEqual({
      ok: false,
      reason: 'non-public address 127.0.0.1',
    });
    expect(seen).toHaveLength(0);
  });

  it('lets loopback in only with the test switch (PUSH_ALLOW_LOOPBACK), and reaches it', async () => {
    const c = client({ allowLoopback: true });
    for (const host of loopbackHosts) {
      expect((await c.check(`http://${host}:${port}/x`)).ok, host).toBe(true);
    }
    for (const host of privateHosts) {
      expect((await c.check(`https://${host}:${port}/x`)).ok, host).toBe(false);
    }
    // Spellings of 127.0.0.1 (and localhost, whichever address it resolves to first) reach the receiver.
    for (const host of ['127.0.0.1', '127.1', '0x7f.1', '2130706433', 'localhost']) {
      const answer = await c.post(ok(await c.check(`http://${host}:${port}/${host}`)), 'oi', headers);
      expect(answer, host).toEqual({ status: 200 });
    }
    expect(seen.map((s) => s.path)).toEqual(['/127.0.0.1', '/127.1', '/0x7f.1', '/2130706433', '/localhost']);
    expect(seen.every((s) => s.body === 'oi')).toBe(true);
  });

  it('checks again when connecting: an endpoint it was not asked about is never connected to', async () => {
    // Even a forged "checked" endpoint: the connector refuses loopback without the switch.
    const c = client();
    const forged = { ok: true as const, url: new URL(`http://127.0.0.1:${port}/forged`), addresses: [] };
    expect(await c.post(forged, 'oi', headers)).toEqual({ refused: 'not https' });
    const forgedTls = { ...forged, url: new URL(`https://127.0.0.1:${port}/forged`) };
    expect(await c.post(forgedTls, 'oi', headers)).toEqual({ refused: 'non-public address 127.0.0.1' });
    expect(seen).toHaveLength(0);
  });

  it('pins the address: a host that answers public, then loopback, never reaches loopback', async () => {
    // DNS rebinding: the check sees a public address, the next lookup answers 127.0.0.1.
    const rebinding = scripted([PUBLIC], [v4('127.0.0.1')]);
    const c = client({ resolve: rebinding.resolve });
    const checked = ok(await c.check(`https://rebind.test:${port}/rebind`));
    expect(checked.addresses).toEqual([PUBLIC]);
    expect(await c.post(checked, 'oi', headers)).toEqual({ refused: 'non-public address 127.0.0.1' });
    expect(rebinding.calls).toEqual(['rebind.test', 'rebind.test']);
    // The same with the switch on for loopback: a later answer outside loopback is refused too.
    const away = scripted([v4('127.0.0.1')], [v4('10.0.0.1')]);
    const d = client({ allowLoopback: true, resolve: away.resolve });
    expect(await d.post(ok(await d.check(`https://away.test:${port}/away`)), 'oi', headers)).toEqual({
      refused: 'non-public address 10.0.0.1',
    });
    expect(seen).toHaveLength(0);
  });

  it('connects to the address it checked, not to what the system resolver says, and keeps the Host', async () => {
    // `receiver.test` resolves nowhere on this machine; the scripted answer is where it goes.
    const r = scripted([v4('127.0.0.1')]);
    const c = client({ allowLoopback: true, resolve: r.resolve });
    const answer = await c.post(ok(await c.check(`http://receiver.test:${port}/pinned`)), 'oi', headers);
    expect(answer).toEqual({ status: 200 });
    expect(seen).toEqual([{ path: '/pinned', host: `receiver.test:${port}`, body: 'oi' }]);
    // An address that does not answer (nothing listens on [::1] at this port) is skipped for the next one.
    const two = scripted([v6('::1'), v4('127.0.0.1')]);
    const d = client({ allowLoopback: true, resolve: two.resolve });
    expect(await d.post(ok(await d.check(`http://two.test:${port}/second`)), 'oi', headers)).toEqual({
      status: 200,
    });
    expect(seen.at(-1)?.path).toBe('/second');
  });

  it('follows no redirect, stops reading a large answer, and keeps its deadline', async () => {
    const c = client({ allowLoopback: true, timeoutMs: 1_000, maxResponseBytes: 1024 });
    answers.set('/redirect', (res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
      res.end();
    });
    expect(await c.post(ok(await c.check(`http://127.0.0.1:${port}/redirect`)), 'oi', headers)).toEqual({
      status: 302,
    });
    expect(seen.map((s) => s.path)).toEqual(['/redirect']);

    // An endless answer: the status is taken, the body read up to the cap, the connection closed.
    answers.set('/endless', (res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(16 * 1024, 120);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const started = Date.now();
    expect(await c.post(ok(await c.check(`http://127.0.0.1:${port}/endless`)), 'oi', headers)).toEqual({
      status: 200,
    });
    expect(Date.now() - started).toBeLessThan(900);
    await new Promise((r) => setTimeout(r, 100));
    expect(closedEarly).toContain('/endless');

    // No answer at all: the deadline ends the request.
    answers.set('/silent', () => undefined);
    const t0 = Date.now();
    await expect(c.post(ok(await c.check(`http://127.0.0.1:${port}/silent`)), 'oi', headers)).rejects.toThrow(
      /timeout|aborted/i,
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('reads an answer up to the cap (postReading), and keeps the deadline over the body', async () => {
    const c = client({ allowLoopback: true, timeoutMs: 1_000, maxResponseBytes: 1024 });
    answers.set('/json', (res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"ok":true}');
    });
    const read = await c.postReading(ok(await c.check(`http://127.0.0.1:${port}/json`)), '{}', headers);
    expect(read).toEqual({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: Buffer.from('{"ok":true}'),
    });
    // Exactly the cap is read; one byte more is too large, and the connection is closed.
    answers.set('/cap', (res) => res.end('x'.repeat(1024)));
    const atCap = await c.postReading(ok(await c.check(`http://127.0.0.1:${port}/cap`)), 'oi', headers);
    expect('body' in atCap && atCap.body.length).toBe(1024);
    answers.set('/endless-read', (res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 120);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const big = await c.postReading(
      ok(await c.check(`http://127.0.0.1:${port}/endless-read`)),
      'oi',
      headers,
    );
    expect(big).toEqual({ status: 200, tooLarge: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(closedEarly).toContain('/endless-read');
    // Headers at once, then a body that never ends: the deadline ends the request.
    answers.set('/trickle', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
    });
    const t0 = Date.now();
    await expect(
      c.postReading(ok(await c.check(`http://127.0.0.1:${port}/trickle`)), 'oi', headers),
    ).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(Date.now() - t0).toBeLessThan(5_000);
    // Refused without connecting, as post.
    const d = client();
    const forged = { ok: true as const, url: new URL(`http://127.0.0.1:${port}/forged-read`), addresses: [] };
    expect(await d.postReading(forged, 'oi', headers)).toEqual({ refused: 'not https' });
    expect(seen.map((s) => s.path)).not.toContain('/forged-read');
  });
});
