import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixture, type Fixture } from './authz-matrix.fixture.js';
import { renderAuthorisationDoc } from './authz-matrix.doc.js';
import { ACTORS, TABLE, type Actor, type Call } from './authz-matrix.table.js';
import { keptSetting } from '../src/db/settings.js';
import { randomToken } from '../src/lib/crypto.js';
import { generateVapidKeys } from '../src/lib/web-push.js';
import { bearer } from './factories.js';
import { useTestApp } from './helper.js';

/**
 * Issue 11: the authorisation matrix. Every route of the server (the OpenAPI document, plus
 * the routes it hides) × eight callers → the status of authz-matrix.table.ts, with a valid
 * request each time, so what is seen is the authorisation decision and not a 400. A refused
 * answer never carries the record, a refused write never changes it.
 */

/** Every route the app registers, as Fastify's onRoute hook sees it (the docs hide some). */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default;
  const logged = ((opts?: Parameters<typeof original>[0]) => {
    const app = original(opts);
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) registered.push({ method, url: r.url });
    });
    return app;
  }) as unknown as typeof original;
  return { ...mod, default: logged };
});

/** A built web app of one page, so the static files and the history fallback are routes too. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-matriz-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Praça</title><div id="root"></div>',
);

/**
 * Issue 54: the server's keys, given here as an operator gives them; no answer of any route, to
 * any caller, carries one (nor the key the server keeps in the database for CPF proofs' links).
 */
const vapid = generateVapidKeys();
const KEYS = {
  CPF_KEY: `cpf-${randomToken(24)}`,
  QR_SECRET: `qr-${randomToken(24)}`,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  BACKUP_KEY: `backup-${randomToken(24)}`,
};
const secretValues = [KEYS.CPF_KEY, KEYS.QR_SECRET, KEYS.VAPID_PRIVATE_KEY, KEYS.BACKUP_KEY];

const t = useTestApp({
  ...KEYS,
  WEB_DIST: webDist,
  LOGIN_RATE_MAX: '1000',
  PUSH_ALLOW_LOOPBACK: 'true',
  CHAVE_RATE_MAX: '100000',
  // Issue 52: gov.br on, at an address where nothing answers (the matrix needs no provider).
  GOVBR_CLIENT_ID: 'praca-matriz',
  GOVBR_ISSUER: 'http://127.0.0.1:9/',
  // Issue 52: the fixture's partner makes many sales to a person; the limits have their own tests.
  BUSCA_CLIENTE_RATE_MAX: '100000',
  BUSCA_CLIENTE_DIA_MAX: '100000',
});
let fx: Fixture;

beforeAll(async () => {
  fx = await createFixture(t);
  secretValues.push(await keptSetting(t.db, 'cpf_comprovacao_links', () => randomToken(32)));
});
afterAll(() => {
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** `/v1/x/:id(^\d+$)` → `/v1/x/{id}`, as the OpenAPI document writes paths. */
const openApiPath = (url: string): string => {
  const p = url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
  return p.length > 1 ? p.replace(/\/$/, '') : p;
};

function fill(template: string, params: Call['params'] = {}): string {
  return template
    .replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(params[k])))
    .replace('*', String(params['*'] ?? ''));
}

function send(method: string, template: string, call: Call, token: string | undefined) {
  const qs = new URLSearchParams(
    Object.entries(call.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return fx.app.inject({
    method: method as 'GET',
    url: `${fill(template, call.params)}${qs ? `?${qs}` : ''}`,
    headers: { ...(token ? bearer(token) : {}), ...call.headers },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
}

/** `PATCH /v1/x/{id} · what differs` → `PATCH /v1/x/{id}`: variants are extra rows of a route. */
const routeOf = (key: string): string => key.split(' · ')[0];

/**
 * Domain §10: every write of a partner or an admin (the /v1/adm and /v1/parceiro routes, and
 * the draw, a GET that writes; not its coupon range, a read) leaves an audit entry by its author. Their own logins and
 * password changes are account events, not the programme's records.
 */
const AUDITED =
  /^(?:(?:POST|PUT|PATCH|DELETE) \/v1\/(?:adm|parceiro)\/|GET \/v1\/adm\/sorteio\/\{id_campanha\}(?!\/))/;
const NOT_AUDITED = /\/(?:login|trocasenha)$/;
const STAFF: readonly Actor[] = ['pa', 'pb', 'adm1', 'adm2', 'super', 'key'];

const auditCount = async (id_usuario: number): Promise<number> =>
  Number(
    (
      await fx.db
        .selectFrom('auditoria')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id_usuario', '=', id_usuario)
        .executeTakeFirstOrThrow()
    ).n,
  );

const isErro = (body: string): boolean => {
  try {
    return typeof (JSON.parse(body) as { erro?: unknown }).erro === 'string';
  } catch {
    return false;
  }
};

describe('authorisation matrix (issue 11, domain §3)', () => {
  it('has a row for every route of the server and of the OpenAPI document, and a route for every row', () => {
    const doc = fx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const inDoc = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const keys = new Set(registered.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const onServer = new Set(
      [...keys].filter((k) => !(k.startsWith('HEAD ') && keys.has(`GET ${k.slice(5)}`))),
    );
    // The hook saw the routes (else the comparison below would prove nothing).
    expect([...inDoc].filter((k) => !onServer.has(k))).toEqual([]);

    const rows = [...new Set(Object.keys(TABLE).map(routeOf))];
    expect({
      withoutRow: [...onServer].filter((k) => !(k in TABLE)).sort(),
      withoutRoute: rows.filter((k) => !onServer.has(k)).sort(),
      markedOutsideButDocumented: rows.filter((k) => TABLE[k]?.outsideOpenApi && inDoc.has(k)),
      undocumentedButNotMarked: rows.filter((k) => !TABLE[k]?.outsideOpenApi && !inDoc.has(k)),
    }).toEqual({
      withoutRow: [],
      withoutRoute: [],
      markedOutsideButDocumented: [],
      undocumentedButNotMarked: [],
    });
  });

  for (const [key, row] of Object.entries(TABLE)) {
    it(key, async () => {
      const [method, template] = routeOf(key).split(' ');
      const statuses = {} as Record<Actor, number>;
      const problems: string[] = [];
      for (const actor of ACTORS) {
        const f = row.target ? await row.target(fx, actor) : fx;
        // The key acts as its partner PA (whose audit entries it writes), with its own token.
        const me = actor === 'anon' ? undefined : fx.people[actor === 'key' ? 'pa' : actor];
        // Rows build the key's request as an anonymous one (no person of its own to log in as).
        const call = row.call?.(f, actor === 'key' ? undefined : me, actor) ?? {};
        const expected = row.expect[actor];
        const guarded = expected >= 400 || Boolean(row.scoped?.includes(actor));
        const before = row.state ? await row.state(f) : undefined;
        const audited =
          !guarded && STAFF.includes(actor) && AUDITED.test(routeOf(key)) && !NOT_AUDITED.test(template);
        const entriesBefore = audited && me ? await auditCount(me.id) : 0;

        const token = actor === 'key' ? fx.apiKey : me ? (f.token ?? me.token) : undefined;
        const res = await send(method, template, call, token);
        statuses[actor] = res.statusCode;
        const say = (what: string) => problems.push(`${actor}: ${what}`);
        if (res.statusCode !== expected) say(`${res.statusCode} ${res.body.slice(0, 300)}`);

        const after = row.state ? await row.state(f) : undefined;
        const secrets = row.secrets?.(f) ?? [];
        if (guarded) {
          for (const s of secrets) if (res.body.includes(s)) say(`the answer carries the record ("${s}")`);
          if (expected >= 400 && !isErro(res.body))
            say(`the refusal is not {erro}: ${res.body.slice(0, 200)}`);
          if (row.state && !isDeepStrictEqual(before, after)) {
            say(`the record changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
          }
        } else if (res.statusCode === expected) {
          // The checks above only mean something if the secrets and state are the record's.
          if (method === 'GET')
            for (const s of secrets) if (!res.body.includes(s)) say(`the allowed answer lacks "${s}"`);
          if (row.state && isDeepStrictEqual(before, after)) say('the allowed write changed nothing');
        }
        if (audited && me && res.statusCode < 300 && (await auditCount(me.id)) <= entriesBefore) {
          say('the write left no audit entry by its author (domain §10)');
        }
        if (row.check) for (const p of await row.check(f, actor, res.body)) say(p);
        const answer = `${JSON.stringify(res.headers)}\n${res.body}`;
        for (const k of secretValues)
          if (answer.includes(k)) say('the answer carries a server key (issue 54)');
      }
      const extra: Record<string, number> = {};
      for (const e of row.extra ?? []) {
        extra[e.label] = (await send(method, template, e.call(fx), undefined)).statusCode;
      }
      await row.after?.(fx);

      expect({ statuses, extra, problems }).toEqual({
        statuses: row.expect,
        extra: Object.fromEntries((row.extra ?? []).map((e) => [e.label, e.status])),
        problems: [],
      });
    });
  }

  it('docs/authorisation.md is the table', () => {
    const file = new URL('../../../docs/authorisation.md', import.meta.url);
    const text = renderAuthorisationDoc();
    if (process.env.AUTHZ_DOC_WRITE === '1') fs.writeFileSync(file, text);
    expect(
      fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)',
      'docs/authorisation.md is stale: cd apps/api && AUTHZ_DOC_WRITE=1 npx vitest run --project sqlite test/authz-matrix.test.ts',
    ).toBe(text);
  });
});
