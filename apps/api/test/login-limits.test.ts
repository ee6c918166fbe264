import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@praca/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser } from './factories.js';
import { dialect, useSecondInstance, useTestApp, type TestApp } from './helper.js';

/**
 * Issue 37, finding 3 (decision 019): failed logins lock an (address, e-mail) pair, not an
 * e-mail everywhere nor everyone behind one address; the per-e-mail and per-address limits
 * are far higher; the counters live in the database, so instances share them. Distinct
 * loopback addresses stand for distinct callers (inject's remoteAddress, or a real socket
 * bound to 127.0.0.2 and 127.0.0.3).
 */
const WRONG = '0'.repeat(64);

type Answer = { statusCode: number; headers: Record<string, unknown>; json(): unknown };

function expectLocked(res: Answer) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ erro: MSG.muitasTentativas });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(15 * 60);
}

const loginAt = (
  app: FastifyInstance,
  remoteAddress: string,
  email: string,
  senha: string,
  url = '/v1/login',
) => app.inject({ method: 'POST', url, remoteAddress, payload: { email, senha } });

describe('login limits with the default settings (10 per address and e-mail)', () => {
  const t = useTestApp();
  const login = (addr: string, email: string, senha: string, url?: string) =>
    loginAt(t.app, addr, email, senha, url);

  it('ten failures for one e-mail from ten addresses do not lock its owner out from an eleventh', async () => {
    const ana = await createUser(t.db);
    for (let i = 2; i <= 11; i++)
      expect((await login(`127.0.1.${i}`, ana.email, WRONG)).statusCode).toBe(401);
    expect((await login('127.0.1.12', ana.email, ana.senha)).statusCode).toBe(200);
    // Nor from an address that failed once.
    expect((await login('127.0.1.2', ana.email, ana.senha)).statusCode).toBe(200);
  });

  it('ten failures from one address lock that pair, even the right password; others there still log in', async () => {
    const [ana, bia] = await Promise.all([createUser(t.db), createUser(t.db)]);
    for (let i = 0; i < 10; i++) {
      // The three doors share the counters, and the e-mail counts in any case.
      const url = ['/v1/login', '/v1/parceiro/login', '/v1/adm/usuarios/login'][i % 3];
      expect((await login('127.0.2.2', ana.email.toUpperCase(), WRONG, url)).statusCode).toBe(401);
    }
    expectLocked(await login('127.0.2.2', ana.email, ana.senha));
    expect((await login('127.0.2.2', bia.email, bia.senha)).statusCode).toBe(200);
    expect((await login('127.0.2.3', ana.email, ana.senha)).statusCode).toBe(200);
  });

  it('a right password is no failure: many logins from one address never lock it', async () => {
    const ana = await createUser(t.db);
    for (let i = 0; i < 12; i++)
      expect((await login('127.0.3.2', ana.email, ana.senha)).statusCode).toBe(200);
  });

  it('counts parallel failures exactly: of 20 at once on one pair, 10 are tried and 10 refused', async () => {
    const ana = await createUser(t.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('127.0.4.2', ana.email, WRONG)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expectLocked(await login('127.0.4.2', ana.email, ana.senha));
  });

  it('tells real connections from 127.0.0.2 and 127.0.0.3 apart', async () => {
    const ana = await createUser(t.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const post = (localAddress: string, senha: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            localAddress,
            method: 'POST',
            path: '/v1/login',
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ email: ana.email, senha }));
      });
    for (let i = 0; i < 10; i++) expect(await post('127.0.0.2', WRONG)).toBe(401);
    expect(await post('127.0.0.2', ana.senha)).toBe(429);
    expect(await post('127.0.0.3', ana.senha)).toBe(200);
  });
});

describe('login limits per address (far higher, lowered here)', () => {
  const t = useTestApp({ LOGIN_RATE_MAX: '2', LOGIN_DESAFIO_APOS: '4', LOGIN_RATE_MAX_IP: '6' });
  const login = (addr: string, email: string, senha: string) => loginAt(t.app, addr, email, senha);

  it('failures for many e-mails from one address lock it past the per-address limit', async () => {
    const bia = await createUser(t.db);
    for (let i = 0; i < 6; i++)
      expect((await login('127.0.6.2', `x${i}@exemplo.com`, WRONG)).statusCode).toBe(401);
    expectLocked(await login('127.0.6.2', bia.email, bia.senha));
    expect((await login('127.0.6.3', bia.email, bia.senha)).statusCode).toBe(200);
  });
});

describe.runIf(dialect === 'postgres')(
  'login limits shared by two instances on one PostgreSQL database',
  () => {
    const t: TestApp = useTestApp();
    const instance = useSecondInstance(t);

    it('counts failures through either instance against one limit', async () => {
      const ana = await createUser(t.db);
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? t.app : instance();
        expect((await loginAt(app, '127.0.7.2', ana.email, WRONG)).statusCode).toBe(401);
      }
      expectLocked(await loginAt(t.app, '127.0.7.2', ana.email, ana.senha));
      expectLocked(await loginAt(instance(), '127.0.7.2', ana.email, ana.senha));
    });
  },
);
