import http from 'node:http';
import net from 'node:net';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sqlitePathOf } from '../src/db/url.js';
import { E6 } from '../src/modules/coupons/units.js';
import { createSellingShop } from './factories.js';
import { dialect, useTestApp } from './helper.js';
import { exited, startServer } from './server-process.js';

/**
 * Graceful restarts (issue 54): the real server as its own process gets SIGTERM while 50 sales
 * are in flight, and more are sent after it. Every sale answered 201 is stored with the coupons
 * its answer named, every other got a clear refusal (503, or the connection refused), none was
 * cut half way; what is stored is exactly the 201s (numbers gapless, balances whole), and the
 * process exits 0. A request that never ends does not hold the exit past SHUTDOWN_TIMEOUT_MS.
 */
const t = useTestApp();
/** Every sale to a person counts as a look-up of its partner (issue 52): these tests make many. */
const LIMITS_UP = { BUSCA_CLIENTE_RATE_MAX: '1000000', BUSCA_CLIENTE_DIA_MAX: '1000000' };

type Outcome = { status: number; body: string } | { error: string };

/**
 * A POST on a connection of its own (no keep-alive: the outcome is this request's alone):
 * `sent` once the whole request is in the socket, `outcome` its answer or the error.
 */
function post(url: string, token: string, body: object): { sent: Promise<void>; outcome: Promise<Outcome> } {
  let sent!: () => void;
  const sentP = new Promise<void>((r) => (sent = r));
  const outcome = new Promise<Outcome>((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      },
    );
    req.on('finish', sent);
    req.on('error', (err: NodeJS.ErrnoException) => {
      sent();
      resolve({ error: err.code ?? err.message });
    });
    req.end(payload);
  });
  return { sent: sentP, outcome };
}

/**
 * Holds the write lock the sales need (PostgreSQL: the campaign's row, whose coupon counter
 * every sale moves; SQLite: the database's write lock, which the server waits for up to 5 s),
 * so the sales sent meanwhile are in the server's hands and unfinished when the signal comes.
 */
async function holdSalesLock(id_campanha: number): Promise<() => Promise<void>> {
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await client.connect();
    await client.query('begin');
    await client.query('select 1 from campanhas where id_campanha = $1 for update', [id_campanha]);
    return async () => {
      await client.query('commit');
      await client.end();
    };
  }
  const sqlite = new SQLite(sqlitePathOf(t.config.DATABASE_URL)!);
  sqlite.exec('begin immediate');
  return async () => {
    sqlite.exec('commit');
    sqlite.close();
  };
}

/** Resolves once nothing listens on `port` any more (a connection is refused). */
async function stoppedListening(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe(`graceful restart on SIGTERM (${dialect})`, () => {
  it('finishes the 50 sales in flight, refuses the later ones, stores nothing half way, exits 0', async () => {
    const w = await createSellingShop(
      t.db,
      Array.from({ length: 8 }, (_, i) => `Pessoa Graciosa ${i}`),
    );
    const server = await startServer(t, LIMITS_UP);
    const url = `${server.url}/v1/parceiro/vendas`;
    const port = Number(new URL(server.url).port);
    // R$ 40–390 at factor 0.01: 0–3 coupons a sale.
    const sell = (n: number) => post(url, w.token, w.sale(`GR-${n}`, w.people[n % 8]!, 40 + (n % 8) * 50));

    const release = await holdSalesLock(w.id_campanha);
    const first = Array.from({ length: 50 }, (_, i) => sell(i));
    await Promise.all(first.map((r) => r.sent));
    // The server reads them and waits for the lock.
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await stoppedListening(port);
    // New connections are refused from now on; the sales in flight go on once the lock is free.
    const later = Array.from({ length: 20 }, (_, i) => sell(50 + i));
    await Promise.all(later.map((r) => r.outcome));
    await release();
    const outcomes = await Promise.all([...first, ...later].map((r) => r.outcome));
    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    expect(server.child.signalCode).toBeNull();
    expect(Date.now() - signalled).toBeLessThan(10_000);

    const answered = new Map<string, number[]>();
    outcomes.forEach((o, n) => {
      if (n < 50) {
        // Every sale in flight at the signal finished.
        expect('status' in o ? o.status : o.error, `GR-${n}`).toBe(201);
        const body = JSON.parse((o as { body: string }).body) as { cupons: { id_sorteio: number }[] };
        answered.set(
          `GR-${n}`,
          body.cupons.map((c) => c.id_sorteio).sort((a, b) => a - b),
        );
      } else {
        // Every later one was refused before the server read it.
        expect('status' in o ? o.status : o.error, `GR-${n}`).toBe('ECONNREFUSED');
      }
    });

    // Stored: exactly the sales answered 201, each with its coupons.
    const sales = await t.db
      .selectFrom('vendas')
      .select(['id_venda', 'numero_venda'])
      .where('id_estabelecimento', '=', w.shop.id_estabelecimento)
      .execute();
    expect(sales.map((s) => s.numero_venda).sort()).toEqual([...answered.keys()].sort());
    const coupons = await t.db
      .selectFrom('cupons')
      .select(['numero', 'id_venda', 'id_usuario'])
      .where('id_campanha', '=', w.id_campanha)
      .execute();
    expect(coupons.length).toBeGreaterThan(0);
    for (const s of sales) {
      const mine = coupons
        .filter((c) => c.id_venda === s.id_venda)
        .map((c) => Number(c.numero))
        .sort((a, b) => a - b);
      expect(mine, s.numero_venda).toEqual(answered.get(s.numero_venda));
    }
    const numbers = coupons.map((c) => Number(c.numero)).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const balances = await t.db
      .selectFrom('saldos')
      .select(['id_usuario', 'pontos_e6', 'cupons'])
      .where('id_campanha', '=', w.id_campanha)
      .execute();
    for (const b of balances) {
      const live = coupons.filter((c) => c.id_usuario === b.id_usuario).length;
      expect(Number(b.cupons)).toBe(live);
      expect(Math.floor(Number(b.pontos_e6) / E6)).toBe(live);
    }
  }, 60_000);

  it('answers 503 to a new request on a connection already open', async () => {
    const w = await createSellingShop(t.db, ['Pessoa Atrasada']);
    const server = await startServer(t, LIMITS_UP);
    const port = Number(new URL(server.url).port);
    const release = await holdSalesLock(w.id_campanha);
    // One sale in flight keeps the server up; a second connection is open and idle… but for a
    // request already half sent (its headers), which the server reads in full after the signal.
    const inFlight = post(`${server.url}/v1/parceiro/vendas`, w.token, w.sale('GR-A', w.people[0]!, 100));
    await inFlight.sent;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (b: Buffer) => (answer += b.toString()));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    const body = JSON.stringify(w.sale('GR-B', w.people[0]!, 100));
    socket.write(
      'POST /v1/parceiro/vendas HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${w.token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`,
    );
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await stoppedListening(port);
    socket.write(`\r\n${body}`);
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await release();
    expect((await inFlight.outcome) as { status: number }).toMatchObject({ status: 201 });
    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    const stored = await t.db
      .selectFrom('vendas')
      .select('numero_venda')
      .where('id_estabelecimento', '=', w.shop.id_estabelecimento)
      .execute();
    expect(stored.map((s) => s.numero_venda)).toEqual(['GR-A']);
  }, 30_000);

  it('does not wait past SHUTDOWN_TIMEOUT_MS for a request that never ends, and still exits 0', async () => {
    const w = await createSellingShop(t.db, ['Pessoa Lenta']);
    const server = await startServer(t, { SHUTDOWN_TIMEOUT_MS: '1500' });
    const { port } = new URL(server.url);
    // A sale whose body never arrives: the request stays in flight.
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (b: Buffer) => (answer += b.toString()));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    socket.write(
      'POST /v1/parceiro/vendas HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${w.token}\r\nContent-Length: 1000\r\n\r\n{"id_campanha":`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await exited(server.child);
    const took = Date.now() - signalled;
    expect(server.child.exitCode).toBe(0);
    // It waited for the request, up to the budget, then cut it.
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(6_000);
    await closed;
    expect(answer).toBe(''); // cut, never answered
    expect(
      await t.db
        .selectFrom('vendas')
        .select('id_venda')
        .where('id_estabelecimento', '=', w.shop.id_estabelecimento)
        .execute(),
    ).toEqual([]);
  }, 30_000);
});
