import { MSG, type Desafio } from '@praca/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.js';
import { now, setClock } from '../src/lib/clock.js';
import { createUser } from './factories.js';
import { useTestApp } from './helper.js';

/**
 * Issue 52, finding 5: failures for one e-mail spread over many addresses never lock its owner
 * out. Past LOGIN_DESAFIO_APOS of them (20 here, the default) a login needs a solved proof of
 * work (ALTCHA, `GET /v1/desafio?email=`), else 428, for an unknown e-mail alike; a challenge is
 * single use, bound to its e-mail, valid 5 minutes, harder after each further failure; a right
 * password with a solved challenge logs in even from a locked address; the owner is told once.
 * Distinct loopback addresses stand for distinct callers.
 */
const WRONG = '0'.repeat(64);
const sent: MailMessage[] = [];
const t = useTestApp(
  // Small challenges, so the test solves dozens quickly (the defaults are 50,000 to 2,000,000).
  { LOGIN_DESAFIO_INICIAL: '2000', LOGIN_DESAFIO_TETO: '20000' },
  {
    mailer: {
      mode: 'outbox',
      sendMail: async (m) => {
        sent.push(m);
        return true;
      },
      close: () => undefined,
    },
  },
);

afterEach(() => setClock(null));

async function challenge(app: FastifyInstance, email: string, remoteAddress = '127.0.9.1'): Promise<Desafio> {
  const res = await app.inject({ url: `/v1/desafio?email=${encodeURIComponent(email)}`, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Desafio;
}

/** What the web sends as `altcha`: base64 of `{challenge, solution}`. */
async function solved(app: FastifyInstance, email: string, remoteAddress?: string): Promise<string> {
  const c = await challenge(app, email, remoteAddress);
  const solution = await solveChallenge({ challenge: c, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
}

const loginAt = (remoteAddress: string, email: string, senha: string, altcha?: string) =>
  t.app.inject({ method: 'POST', url: '/v1/login', remoteAddress, payload: { email, senha, altcha } });

function expectChallengeAsked(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(428);
  expect(res.json()).toEqual({ erro: MSG.desafioNecessario });
}

/** `n` failures for `email` from the addresses 127.0.<net>.2…, in turn. */
async function fail(email: string, n: number, net: number, spread = 11) {
  for (let i = 0; i < n; i++) {
    const addr = `127.0.${net}.${2 + (i % spread)}`;
    const first = await loginAt(addr, email, WRONG);
    if (first.statusCode === 428)
      expect((await loginAt(addr, email, WRONG, await solved(t.app, email, addr))).statusCode).toBe(401);
    else expect(first.statusCode).toBe(401);
  }
}

describe('log-in challenges (issue 52)', () => {
  it('100 wrong passwords over 11 addresses do not lock the owner out: with a solved challenge the right password logs in from any address', async () => {
    const ana = await createUser(t.db);
    // The attacker pays for a challenge at each failure past the 20th, as a real one would.
    await fail(ana.email, 100, 10);
    // Without a challenge, a login is asked for one, the right password included.
    expectChallengeAsked(await loginAt('127.0.10.2', ana.email, ana.senha));
    expectChallengeAsked(await loginAt('127.0.10.200', ana.email, ana.senha));
    // With one, from each of the 11 addresses (some past the pair's lock of 10) and a new one.
    for (let i = 2; i <= 13; i++) {
      const addr = i === 13 ? '127.0.10.200' : `127.0.10.${i}`;
      const res = await loginAt(addr, ana.email, ana.senha, await solved(t.app, ana.email, addr));
      expect(res.statusCode, `${addr} ${res.body}`).toBe(200);
    }
  });

  it('asks the same for an unknown e-mail: 428, the same body, and a challenge of the same shape', async () => {
    const ana = await createUser(t.db);
    const ghost = `ninguem.${Date.now()}@teste.praca`;
    for (let i = 0; i < 20; i++) {
      expect((await loginAt(`127.0.11.${2 + (i % 5)}`, ana.email, WRONG)).statusCode).toBe(401);
      expect((await loginAt(`127.0.11.${2 + (i % 5)}`, ghost, WRONG)).statusCode).toBe(401);
    }
    const known = await loginAt('127.0.11.9', ana.email, WRONG);
    const unknown = await loginAt('127.0.11.9', ghost, WRONG);
    expectChallengeAsked(known);
    expectChallengeAsked(unknown);
    expect(unknown.body).toBe(known.body);
    const [a, b] = [await challenge(t.app, ana.email), await challenge(t.app, ghost)];
    expect(Object.keys(b.parameters).sort()).toEqual(Object.keys(a.parameters).sort());
    expect(b.parameters.data.max).toBe(a.parameters.data.max);
  });

  it('refuses a replayed challenge, one given for another e-mail, an expired one and a wrong solution', async () => {
    const [ana, bia] = [await createUser(t.db), await createUser(t.db)];
    await fail(ana.email, 20, 12, 4);
    // Replayed: the first use takes it, whatever the password.
    const once = await solved(t.app, ana.email);
    expect((await loginAt('127.0.12.9', ana.email, WRONG, once)).statusCode).toBe(401);
    expectChallengeAsked(await loginAt('127.0.12.9', ana.email, ana.senha, once));
    // Another e-mail's.
    expectChallengeAsked(await loginAt('127.0.12.9', ana.email, ana.senha, await solved(t.app, bia.email)));
    // Expired: valid 5 minutes.
    const late = await solved(t.app, ana.email);
    setClock(new Date(now().getTime() + 5 * 60_000 + 1_000), { running: true });
    expectChallengeAsked(await loginAt('127.0.12.9', ana.email, ana.senha, late));
    setClock(null);
    // A wrong counter, and rubbish.
    const c = await challenge(t.app, ana.email);
    const right = await solveChallenge({ challenge: c, deriveKey });
    const wrong = Buffer.from(
      JSON.stringify({ challenge: c, solution: { ...right, counter: right!.counter + 1 } }),
    ).toString('base64');
    expectChallengeAsked(await loginAt('127.0.12.9', ana.email, ana.senha, wrong));
    expectChallengeAsked(await loginAt('127.0.12.9', ana.email, ana.senha, 'bm9wZQ=='));
    // And a good one still works.
    expect(
      (await loginAt('127.0.12.9', ana.email, ana.senha, await solved(t.app, ana.email))).statusCode,
    ).toBe(200);
  });

  it('makes each challenge harder after each further failure', async () => {
    const ana = await createUser(t.db);
    await fail(ana.email, 20, 13, 4);
    let last = (await challenge(t.app, ana.email)).parameters.data.max;
    for (let i = 0; i < 3; i++) {
      await fail(ana.email, 1, 13, 4);
      const next = (await challenge(t.app, ana.email)).parameters.data.max;
      expect(next).toBeGreaterThan(last);
      last = next;
    }
  });

  it('a solved challenge opens an address locked for that e-mail (many people behind one carrier address)', async () => {
    const ana = await createUser(t.db);
    for (let i = 0; i < 10; i++) expect((await loginAt('127.0.14.2', ana.email, WRONG)).statusCode).toBe(401);
    expect((await loginAt('127.0.14.2', ana.email, ana.senha)).statusCode).toBe(429);
    const res = await loginAt(
      '127.0.14.2',
      ana.email,
      ana.senha,
      await solved(t.app, ana.email, '127.0.14.2'),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('tells the owner once when the challenges start, and nobody for an unknown e-mail', async () => {
    const ana = await createUser(t.db);
    const ghost = `fantasma.${Date.now()}@teste.praca`;
    await fail(ana.email, 25, 15, 6);
    await fail(ghost, 21, 15, 6);
    await t.app.jobs.idle();
    const notices = sent.filter(
      (m) =>
        m.subject === 'Praça: muitas tentativas de entrar na sua conta' && [ana.email, ghost].includes(m.to),
    );
    expect(notices.map((m) => m.to)).toEqual([ana.email]);
    expect(notices[0]!.text).toContain('Esqueci minha senha');
  });
});
