import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Apuracao } from '@praca/contract';
import type { ClockFile } from '../src/lib/clock.js';
import { agendamento, instantOf } from './apuracao-helpers.js';
import { bearer, CLIENT_PASSWORD, createSellingShop, createUser, newCpf, sessionFor } from './factories.js';
import { cnpjOf, csv, multipart } from './import-files.js';
import { dialect, TEST_LOTERIA_REFERENCIA, useTestApp } from './helper.js';
import { exited, spawnServer, type ServerProcess } from './server-process.js';

/**
 * Proof on three instances (issue 54): three real servers (src/server.ts, each its own process
 * and port and DATA_DIR) on one PostgreSQL database and one shared directory
 * (`STORAGE_URL=file:///…`), driven through all three with sales by id and by CPF, QR claims, an
 * apuração frozen on one and apurado on others, an export started on one and downloaded from
 * every other, an import and webhook deliveries to a receiver on 127.0.0.1; one is killed with
 * SIGKILL in the middle and replaced. Then: every 201 sale has its coupons and the numbers are
 * gapless; every job finished on the survivors; every webhook event arrived at least once, told
 * apart by its id; the export is whole from any instance; the replacement became ready. Small
 * counts (the suite's); `npm run bench -- --only cluster` runs the large ones.
 */
const CPF_KEY = 'chave-dos-cpfs-do-teste-de-tres-instancias';
const t = useTestApp({ CPF_KEY, CPF_CARENCIA_DIAS: '0' });
const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-cluster-loja-'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-cluster-'));
const clockFile = path.join(work, 'relogio.json');
const children: ServerProcess[] = [];
afterAll(async () => {
  for (const c of children)
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => exited(c.child)));
  fs.rmSync(shared, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const SALES = 150;
const CPF_SALES = 12;
const QR_SALES = 3;
const EXPORT_MAX = 50;

/** The webhook receiver: every POST kept with its event id; answers after a short delay. */
function receiver() {
  const got: { id: string; evento: string; id_venda: number }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const e = JSON.parse(body) as { id: string; evento: string; dados: { id_venda: number } };
      got.push({ id: e.id, evento: e.evento, id_venda: e.dados.id_venda });
      setTimeout(() => res.end('ok'), 30);
    });
  });
  return { got, server };
}

type Answer = { status: number; body: string } | { error: string };

/** A request on its own connection (no keep-alive: a killed instance fails only what it held). */
function call(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: object | { raw: Buffer; type: string },
): Promise<Answer> {
  return new Promise((resolve) => {
    const raw =
      body === undefined
        ? undefined
        : 'raw' in body
          ? (body.raw as Buffer)
          : Buffer.from(JSON.stringify(body));
    const type = body && 'raw' in body ? (body.type as string) : 'application/json';
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(token ? bearer(token) : {}),
          ...(raw ? { 'content-type': type, 'content-length': raw.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(raw);
  });
}
const json = <T>(a: Answer): T => JSON.parse((a as { body: string }).body) as T;
const ok = (a: Answer, status: number, what: string) =>
  expect('status' in a ? `${a.status} ${a.body.slice(0, 300)}` : a.error, what).toMatch(
    new RegExp(`^${status} `),
  );

async function until(what: string, done: () => Promise<boolean>, ms = 45_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const writeClock = (c: ClockFile) => {
  fs.writeFileSync(`${clockFile}.tmp`, JSON.stringify(c));
  fs.renameSync(`${clockFile}.tmp`, clockFile);
};

describe.runIf(dialect === 'postgres')('three instances, one killed (PostgreSQL, file:// store)', () => {
  it('loses nothing: sales, jobs, webhooks, the export and the apuração survive a SIGKILL', async () => {
    // Only the instances work: this process's own app stays out of the queue.
    await t.app.jobs.stop();
    const hook = receiver();
    await new Promise<void>((r) => hook.server.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/praca`;
    try {
      const w = await createSellingShop(
        t.db,
        Array.from({ length: 8 }, (_, i) => `Pessoa Três ${i}`),
      );
      const admins = await Promise.all(
        [1, 2].map(async () =>
          sessionFor(
            t.db,
            (await createUser(t.db, { cod_cidade: w.city.cod_cidade, admin: true })).id_usuario,
          ),
        ),
      );
      const claimers = await Promise.all(w.people.slice(0, QR_SALES).map((p) => sessionFor(t.db, p)));

      const env = (n: number) => {
        const dataDir = path.join(work, `instancia-${n}`);
        fs.mkdirSync(dataDir);
        return {
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: t.config.DATABASE_URL!,
          WEB_DIST: path.join(dataDir, 'sem-web'),
          STORAGE_URL: pathToFileURL(shared).href,
          TEST_CLOCK_FILE: clockFile,
          CPF_KEY,
          QR_SECRET: 'segredo-dos-codigos-do-teste-de-tres-instancias',
          CPF_CARENCIA_DIAS: '0',
          PUSH_ALLOW_LOOPBACK: 'true',
          WEBHOOK_ESPERA_MS: '200',
          EXPORTACAO_IMEDIATA_MAX: String(EXPORT_MAX),
          APURACAO_CONGELAMENTO_ESPERA_MS: '0',
          LOTERIA_FEDERAL_REFERENCIA: TEST_LOTERIA_REFERENCIA,
          APURACAO_AUDITORES: 'auditoria@controle.test',
          BUSCA_CLIENTE_RATE_MAX: '1000000',
          BUSCA_CLIENTE_DIA_MAX: '1000000',
          REGISTRO_RATE_MAX: '1000',
        };
      };
      const started = await Promise.all([0, 1, 2].map((n) => spawnServer(env(n))));
      children.push(...started);
      const live = [...started];
      let turn = 0;
      const next = () => live[turn++ % live.length]!.url;
      const [first, doomed, third] = started as [ServerProcess, ServerProcess, ServerProcess];

      // A webhook of the shop's partner, registered on one instance.
      const registered = await call(first.url, 'POST', '/v1/webhooks', w.token, {
        url: hookUrl,
        eventos: ['venda.criada'],
        id_estabelecimento: w.shop.id_estabelecimento,
      });
      ok(registered, 201, 'webhook');
      // People with a CPF (declared: credited at once, CPF_CARENCIA_DIAS=0), on another.
      const cpfs = Array.from({ length: 4 }, () => newCpf());
      const accounts: number[] = [];
      for (const cpf of cpfs) {
        const reg = await call(doomed.url, 'POST', '/v1/usuarios/registro', undefined, {
          nome: 'Pessoa com CPF',
          email: `cpf.${cpf}@exemplo.com`,
          senha: CLIENT_PASSWORD,
          cod_cidade: w.city.cod_cidade,
          cpf,
        });
        ok(reg, 201, 'registro');
        accounts.push(json<{ id_usuario: number }>(reg).id_usuario);
      }

      // The mixed load, through every live instance in turn.
      const byId = new Map<string, number[]>(); // numero_venda → coupon numbers answered
      const byCpf: { id_venda: number; conta: number | null }[] = [];
      const claimed = new Map<number, number[]>(); // id_venda → coupon numbers answered
      const failures: string[] = [];
      const refused: string[] = [];
      let n = 0;
      let killedAt = -1;
      let replacement: Promise<ServerProcess> | undefined;
      let apuracao: Apuracao | undefined;
      let exportId = 0;
      let exportAsked = -1;
      const noted = (a: Answer, what: string) => {
        if ('error' in a) refused.push(`${what}: ${a.error}`);
        else failures.push(`${what}: ${a.status} ${a.body.slice(0, 200)}`);
      };
      const saleById = async (i: number) => {
        const numero = `TR-${i}`;
        const a = await call(
          next(),
          'POST',
          '/v1/parceiro/vendas',
          w.token,
          w.sale(numero, w.people[i % 8]!, 40 + (i % 8) * 50),
        );
        if ('status' in a && a.status === 201)
          byId.set(
            numero,
            json<{ cupons: { id_sorteio: number }[] }>(a).cupons.map((c) => c.id_sorteio),
          );
        else noted(a, numero);
      };
      let cpfSales = 0;
      const saleByCpf = async (i: number) => {
        const k = cpfSales++;
        const known = k % 3 !== 2; // one in three to a CPF nobody has: it waits
        const cpf = known ? cpfs[k % 4]! : newCpf();
        const { id_usuario: _none, ...body } = w.sale(`TC-${i}`, 0, 200 + (i % 4) * 100);
        const a = await call(next(), 'POST', '/v1/parceiro/vendas', w.token, { ...body, cpf });
        if ('status' in a && a.status === 201)
          byCpf.push({
            id_venda: json<{ id_venda: number }>(a).id_venda,
            conta: known ? accounts[k % 4]! : null,
          });
        else noted(a, `TC-${i}`);
      };
      const qrClaim = async (i: number) => {
        const { id_usuario: _none, ...body } = w.sale(`TQ-${i}`, 0, 300);
        const made = await call(next(), 'POST', '/v1/parceiro/vendas', w.token, {
          ...body,
          id_usuario: 0,
          qrcode: true,
        });
        if (!('status' in made) || made.status !== 201) return noted(made, `TQ-${i}`);
        const { id_venda, codigo } = json<{ id_venda: number; codigo: string }>(made);
        // Claimed through another instance than the one that made it (the next in turn).
        const a = await call(next(), 'POST', '/v1/usuarios/vendas/resgatar', claimers[i]!, { codigo });
        if ('status' in a && a.status === 201)
          claimed.set(
            id_venda,
            json<{ cupons: { id_sorteio: number }[] }>(a).cupons.map((c) => c.id_sorteio),
          );
        else noted(a, `TQ-${i} resgate`);
      };

      const events = async (i: number) => {
        if (i === 40) {
          // The apuração, frozen by whichever instance's worker takes the job.
          const a = await call(
            first.url,
            'POST',
            '/v1/adm/apuracoes',
            admins[0],
            agendamento(w.id_campanha, { musuario: 'N', mloja: 'N' }),
          );
          ok(a, 202, 'apuração');
          apuracao = json<Apuracao>(a);
        }
        if (i === 60) {
          // Killed in the middle, as a crash or an OOM kill would; the load balancer drops it and
          // the orchestrator starts another.
          killedAt = byId.size;
          live.splice(live.indexOf(doomed), 1);
          doomed.child.kill('SIGKILL');
          replacement = spawnServer(env(3)).then((r) => {
            children.push(r);
            live.push(r);
            return r;
          });
        }
        if (i === 90) {
          const a = await call(
            third.url,
            'GET',
            `/v1/adm/vendas?formato=csv&id_estabelecimento=${w.shop.id_estabelecimento}`,
            admins[0],
          );
          ok(a, 202, 'exportação');
          exportId = json<{ id_exportacao: number }>(a).id_exportacao;
          exportAsked = byId.size;
        }
        if (i === 100) {
          const file = csv([
            ['nome', 'cnpj', 'endereco'],
            ...Array.from({ length: 5 }, (_, k) => [
              `Loja Importada Três ${k}`,
              cnpjOf(73_000 + k),
              `Rua ${k}, 1`,
            ]),
          ]);
          const body = multipart(file);
          const a = await call(
            next(),
            'POST',
            `/v1/adm/importacoes/estabelecimentos?modo=tudo&cod_cidade=${w.city.cod_cidade}`,
            admins[1],
            {
              raw: body.payload,
              type: body.headers['content-type']!,
            },
          );
          if ('status' in a) expect(a.status, a.body).toBe(201);
          else noted(a, 'importação');
        }
      };

      const loop = async () => {
        while (n < SALES) {
          const i = n++;
          await events(i);
          if (i % 12 === 5) await saleByCpf(i);
          if (i % 50 === 7) await qrClaim(Math.floor(i / 50));
          await saleById(i);
        }
      };
      await Promise.all(Array.from({ length: 6 }, loop));
      const fresh = await replacement!;

      // Refusals only from the killed instance, in the moment it died.
      expect(failures).toEqual([]);
      expect(refused.length).toBeLessThan(12);
      expect(killedAt).toBeGreaterThan(0);
      expect(byId.size).toBeGreaterThan(SALES - 12);
      // The replacement: not ready, then ready (readiness, READINESS_PATH).
      expect(fresh.readiness.at(-1)).toBe(200);
      expect(fresh.readiness.length).toBeGreaterThan(1);
      expect(fresh.readiness[0]).not.toBe(200);

      // Every job finishes on the survivors: the export, the freezing, the credits, the deliveries.
      const deliveries = () => t.db.selectFrom('webhook_entregas').select(['situacao', 'corpo']).execute();
      await until('os trabalhos', async () => {
        const d = await deliveries();
        const e = await t.db
          .selectFrom('exportacoes')
          .select('situacao')
          .where('id_exportacao', '=', exportId)
          .executeTakeFirst();
        const a = await t.db
          .selectFrom('apuracoes')
          .select('hash_bilhetes')
          .where('id_apuracao', '=', apuracao!.id_apuracao)
          .executeTakeFirst();
        const waiting = await t.db
          .selectFrom('vendas')
          .select('id_venda')
          .where(
            'id_venda',
            'in',
            byCpf.filter((c) => c.conta !== null).map((c) => c.id_venda),
          )
          .where('id_usuario', 'is', null)
          .execute();
        return (
          d.length >= byId.size &&
          d.every((x) => x.situacao === 'entregue') &&
          e?.situacao === 'pronta' &&
          a?.hash_bilhetes !== '' &&
          waiting.length === 0
        );
      });
      // And the queue is empty of work: nothing failed, running or waiting for a retry.
      const unfinished = async () =>
        (
          await sql<{ name: string; state: string; retry_count: number; output: unknown }>`
            select name, state, retry_count, output from pgboss.job
            where state in ('failed', 'active', 'retry') or (state = 'created' and start_after <= now())`.execute(
            t.db,
          )
        ).rows;
      await until(
        'a fila vazia',
        async () => (await unfinished()).every((j) => j.state === 'failed'),
        30_000,
      ).catch(() => undefined);
      expect(await unfinished()).toEqual([]);
      // (A delivery the killed instance held is failed by pg-boss's supervisor once its heartbeat
      // is silent for 10 s, and retried: within the wait above, not after 15 minutes.)

      // Sales: each 201 stored with the coupons it answered; the numbers 1…N without a gap.
      const coupons = await t.db
        .selectFrom('cupons as k')
        .innerJoin('vendas as v', 'v.id_venda', 'k.id_venda')
        .select(['k.numero', 'k.id_venda', 'v.numero_venda', 'v.id_usuario'])
        .where('k.id_campanha', '=', w.id_campanha)
        .where('k.anulado_em', 'is', null)
        .execute();
      const numbersOf = (f: (c: (typeof coupons)[number]) => boolean) =>
        coupons
          .filter(f)
          .map((c) => Number(c.numero))
          .sort((a, b) => a - b);
      for (const [numero, answered] of byId)
        expect(
          numbersOf((c) => c.numero_venda === numero),
          numero,
        ).toEqual([...answered].sort((a, b) => a - b));
      for (const [id, answered] of claimed)
        expect(
          numbersOf((c) => c.id_venda === id),
          `QR ${id}`,
        ).toEqual([...answered].sort((a, b) => a - b));
      expect(claimed.size).toBe(QR_SALES);
      const all = coupons.map((c) => Number(c.numero)).sort((a, b) => a - b);
      expect(all).toEqual(all.map((_, i) => i + 1));
      const next_ = await t.db
        .selectFrom('campanhas')
        .select('proximo_cupom')
        .where('id_campanha', '=', w.id_campanha)
        .executeTakeFirstOrThrow();
      expect(Number(next_.proximo_cupom)).toBe(all.length + 1);
      // By CPF: the known CPFs' sales credited to their accounts, with coupons; the others wait.
      expect(byCpf.length).toBeGreaterThanOrEqual(CPF_SALES - 2);
      for (const c of byCpf) {
        const row = await t.db
          .selectFrom('vendas')
          .select(['id_usuario', 'pontos_e6'])
          .where('id_venda', '=', c.id_venda)
          .executeTakeFirstOrThrow();
        expect(row.id_usuario, `venda por CPF ${c.id_venda}`).toBe(c.conta);
        if (c.conta === null)
          expect(
            numbersOf((k) => k.id_venda === c.id_venda),
            `venda ${c.id_venda}`,
          ).toEqual([]);
      }
      expect(coupons.some((k) => k.id_usuario === accounts[0])).toBe(true);
      // Every balance holds floor(points) coupons, live ones.
      const balances = await t.db
        .selectFrom('saldos')
        .select(['id_usuario', 'pontos_e6', 'cupons'])
        .where('id_campanha', '=', w.id_campanha)
        .execute();
      for (const b of balances) {
        const owned = coupons.filter((k) => k.id_usuario === b.id_usuario).length;
        expect(Number(b.cupons), `saldo de ${b.id_usuario}`).toBe(owned);
        expect(Math.floor(Number(b.pontos_e6) / 1e6), `pontos de ${b.id_usuario}`).toBe(owned);
      }

      // Webhooks: every sale event arrived at least once; repeats carry the same id.
      const sent = (await deliveries()).map(
        (d) => JSON.parse(d.corpo) as { id: string; dados: { id_venda: number } },
      );
      const arrived = new Set(hook.got.map((g) => g.id));
      for (const e of sent) expect(arrived.has(e.id), `evento ${e.id}`).toBe(true);
      const ids = new Map(hook.got.map((g) => [g.id, g.id_venda]));
      for (const g of hook.got) expect(ids.get(g.id)).toBe(g.id_venda); // a repeat is the same event
      const soldIds = new Set(
        (
          await t.db
            .selectFrom('vendas')
            .select(['id_venda', 'numero_venda'])
            .where('numero_venda', 'in', [...byId.keys()])
            .execute()
        ).map((v) => v.id_venda),
      );
      const told = new Set(hook.got.map((g) => g.id_venda));
      for (const id of soldIds) expect(told.has(id), `venda ${id}`).toBe(true);

      // The export, asked on one instance, downloads whole and the same from every live one.
      const exp = await t.db
        .selectFrom('exportacoes')
        .select(['linhas', 'arquivo'])
        .where('id_exportacao', '=', exportId)
        .executeTakeFirstOrThrow();
      expect(Number(exp.linhas)).toBeGreaterThanOrEqual(exportAsked);
      const stored = fs.readFileSync(path.join(shared, 'exportacoes', exp.arquivo!));
      for (const inst of live) {
        const a = await call(inst.url, 'GET', `/v1/adm/exportacoes/${exportId}/arquivo`, admins[1]);
        ok(a, 200, `download de ${inst.url}`);
        const body = (a as { body: string }).body;
        expect(Buffer.from(body, 'utf8').equals(stored), inst.url).toBe(true);
        expect(body.split('\r\n').filter((l) => l !== '')).toHaveLength(Number(exp.linhas) + 1);
      }

      // The import stored its shops once.
      const imported = await t.db
        .selectFrom('estabelecimentos')
        .select('id_estabelecimento')
        .where('nome', 'like', 'Loja Importada Três %')
        .execute();
      expect(imported).toHaveLength(5);

      // The apuração, frozen on one, is apurado on two others once the shared clock passes its
      // contest; its ticket file comes from the shared store on any instance.
      const frozen = json<Apuracao>(await call(fresh.url, 'GET', `/v1/apuracoes/${apuracao!.id_apuracao}`));
      expect(frozen.status).toBe('agendada');
      const ticket = await call(third.url, 'GET', `/v1/apuracoes/${apuracao!.id_apuracao}/bilhetes.csv`);
      ok(ticket, 200, 'bilhetes');
      writeClock({ deslocamento_ms: instantOf(frozen.data_concurso).getTime() + 60_000 - Date.now() });
      await new Promise((r) => setTimeout(r, 100));
      const premios = { premios: ['12345', '67890', '11111', '22222', '33333'] };
      ok(
        await call(
          third.url,
          'POST',
          `/v1/adm/apuracoes/${frozen.id_apuracao}/resultado`,
          admins[0],
          premios,
        ),
        202,
        'primeiro resultado',
      );
      const result = await call(
        fresh.url,
        'POST',
        `/v1/adm/apuracoes/${frozen.id_apuracao}/resultado`,
        admins[1],
        premios,
      );
      ok(result, 200, 'segundo resultado');
      expect(json<{ ganhadores: unknown[] }>(result).ganhadores.length).toBeGreaterThan(0);
      writeClock({});

      // Every instance left stops gracefully.
      for (const inst of live) inst.child.kill('SIGTERM');
      for (const inst of live) {
        await exited(inst.child);
        expect(inst.child.exitCode, inst.stderr()).toBe(0);
      }
    } finally {
      await new Promise<void>((r) => hook.server.close(() => r()));
    }
  }, 120_000);
});
