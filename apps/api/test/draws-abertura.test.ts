import { createHash } from 'node:crypto';
import { MSG_ADMIN, MSG_SORTEIO, parseCouponCode } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/lib/clock.js';
import { derivePosition } from '../src/modules/draws/draw-rule.js';
import * as repo from '../src/modules/draws/repository.js';
import { pickUnseeded } from '../src/modules/draws/service.js';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';

/**
 * Issue 49: the instant draw's commit-reveal (an opening publishes the seed's hash before the
 * draw, the draw reveals the seed), tickets frozen for an apuração not yet drawn kept out of
 * instant draws, and winners made by hand leaving their coupon in the draws.
 */

const t = useTestApp();

interface Abertura {
  id_abertura: number;
  id_campanha: number;
  hash_semente: string;
  aberto_em: string;
}

interface Resultado {
  id_sorteio: number;
  codigo: string;
  id_registro: number;
  semente: string | null;
  id_abertura: number | null;
  hash_semente: string | null;
  hash_lista: string | null;
  qtd_elegiveis: number;
  posicao: number;
}

const tokens = {} as Record<'admin1' | 'admin2' | 'super' | 'consumer', string>;
let city1 = 0;
let city2 = 0;
let shop = 0;
let people: number[] = [];
let sale = 0;

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

const abrir = (token: string, idCampanha: number) =>
  t.app.inject({ method: 'POST', url: `/v1/adm/sorteio/${idCampanha}/abertura`, headers: bearer(token) });

async function abrirOk(idCampanha: number): Promise<Abertura> {
  const res = await abrir(tokens.admin1, idCampanha);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Abertura>();
}

const sortear = (token: string, idCampanha: number, q: Record<string, string> = {}) =>
  t.app.inject({
    url: `/v1/adm/sorteio/${idCampanha}?${new URLSearchParams(q).toString()}`,
    headers: bearer(token),
  });

async function drawOk(idCampanha: number, q: Record<string, string> = {}): Promise<Resultado> {
  const res = await sortear(tokens.admin1, idCampanha, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Resultado>();
}

const publicList = async (codCidade: number) =>
  (await t.app.inject({ url: `/v1/apuracoes?cod_cidade=${codCidade}` })).json<
    { tipo: string; status: string; id_registro: number | null; hash: string | null; id_campanha: number }[]
  >();

/** A campaign of city 1 with `count` coupons numbered 1…count, issued directly. */
async function campaignWith(count: number): Promise<number> {
  const { id_campanha } = await createCampaign(t.db, {
    cod_cidade: city1,
    lojas: [{ id_estabelecimento: shop }],
  });
  const at = nowIso();
  const { id_venda } = await t.db
    .insertInto('vendas')
    .values({
      id_campanha,
      id_estabelecimento: shop,
      id_usuario: people[0],
      id_vendedor: null,
      dat_venda: day(-1),
      numero_venda: `ABERTURA-${++sale}`,
      valor_centavos: 100,
      pontos_e6: 0,
      cashback_e6: 0,
      atualizado_em: at,
    })
    .returning('id_venda')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('cupons')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id_campanha,
        numero: i + 1,
        id_usuario: people[i % people.length],
        id_venda,
        id_estabelecimento: shop,
        dat_emissao: at,
      })),
    )
    .execute();
  await t.db
    .updateTable('campanhas')
    .set({ proximo_cupom: count + 1 })
    .where('id_campanha', '=', id_campanha)
    .execute();
  return id_campanha;
}

/** An apuração of the campaign frozen up to `maiorNumero`, leaving out `fora`, not yet drawn. */
async function freezeApuracao(
  idCampanha: number,
  maiorNumero: number,
  fora: number[],
  hash = 'a'.repeat(64),
): Promise<number> {
  const { id_apuracao } = await t.db
    .insertInto('apuracoes')
    .values({
      id_campanha: idCampanha,
      concurso: 5900,
      data_concurso: day(3),
      instante_concurso: `${day(3)}T22:00:00.000Z`,
      qtd_premios: 1,
      mloja: 'S',
      musuario: 'S',
      status: 'agendada',
      hash_bilhetes: hash,
      qtd_bilhetes: maiorNumero - fora.length,
      maior_numero: maiorNumero,
      arquivo: hash ? `apuracoes/x.csv` : '',
    })
    .returning('id_apuracao')
    .executeTakeFirstOrThrow();
  if (fora.length > 0) {
    await t.db
      .insertInto('apuracao_fora')
      .values(fora.map((numero) => ({ id_apuracao, numero })))
      .execute();
  }
  return id_apuracao;
}

const setCoupon = (
  idCampanha: number,
  numero: number,
  v: { anulado_em?: string | null; sorteado_em?: string | null },
) =>
  t.db
    .updateTable('cupons')
    .set(v)
    .where('id_campanha', '=', idCampanha)
    .where('numero', '=', numero)
    .execute();

/** Draws (unseeded) until nothing is eligible; the numbers drawn. */
async function drawAll(idCampanha: number, q: Record<string, string> = {}): Promise<number[]> {
  const drawn: number[] = [];
  for (let i = 0; i < 100; i++) {
    const res = await sortear(tokens.admin1, idCampanha, q);
    if (res.statusCode === 400) {
      expect(res.json()).toEqual({ erro: MSG_SORTEIO.semCuponsElegiveis });
      return drawn;
    }
    expect(res.statusCode, res.body).toBe(200);
    drawn.push(res.json<Resultado>().id_sorteio);
  }
  throw new Error('o sorteio não se esgotou');
}

beforeAll(async () => {
  city1 = (await createCity(t.db)).cod_cidade;
  city2 = (await createCity(t.db)).cod_cidade;
  shop = (await createShop(t.db, { cod_cidade: city1 })).id_estabelecimento;
  people = await insertConsumers(t.db, {
    cod_cidade: city1,
    nomes: ['Ana Lima', 'Bruno Reis', 'Carla Dias'],
  });
  const ids = {
    admin1: (await createUser(t.db, { cod_cidade: city1, admin: true })).id_usuario,
    admin2: (await createUser(t.db, { cod_cidade: city2, admin: true })).id_usuario,
    super: (await createUser(t.db, { cod_cidade: city2, admin: true, superadmin: true })).id_usuario,
    consumer: (await createUser(t.db, { cod_cidade: city1 })).id_usuario,
  };
  for (const [k, id] of Object.entries(ids)) tokens[k as keyof typeof tokens] = await sessionFor(t.db, id);
});

describe('the opening of the draw (commit-reveal)', () => {
  it('publishes the seed hash before the draw; the draw reveals a seed whose SHA-256 is that hash, and the winner recomputes from the ticket file', async () => {
    const campanha = await campaignWith(12);
    const ab = await abrirOk(campanha);
    expect(Object.keys(ab).sort()).toEqual(['aberto_em', 'hash_semente', 'id_abertura', 'id_campanha']);
    expect(ab.id_campanha).toBe(campanha);
    expect(ab.hash_semente).toMatch(/^[0-9a-f]{64}$/);

    // Public before the draw: the hash, never the seed.
    const before = await t.app.inject({ url: `/v1/sorteios/aberturas/${ab.id_abertura}` });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      id_abertura: ab.id_abertura,
      id_campanha: campanha,
      cod_cidade: city1,
      hash_semente: ab.hash_semente,
      aberto_em: ab.aberto_em,
      id_registro: null,
      semente: null,
    });
    const stored = await t.db
      .selectFrom('sorteio_aberturas')
      .select('semente')
      .where('id_abertura', '=', ab.id_abertura)
      .executeTakeFirstOrThrow();
    expect(before.body).not.toContain(stored.semente);
    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'depois'])
      .where('entidade', '=', 'sorteio_abertura')
      .where('id_entidade', '=', String(ab.id_abertura))
      .execute();
    expect(audit.map((a) => a.acao)).toEqual(['abrir_sorteio']);
    expect(audit[0].depois).not.toContain(stored.semente);
    // Unused, it is in the city's public list.
    expect(
      (await publicList(city1)).filter((i) => i.status === 'aberto' && i.hash === ab.hash_semente),
    ).toEqual([expect.objectContaining({ tipo: 'instantaneo', id_registro: null, id_campanha: campanha })]);

    const r = await drawOk(campanha, { abertura: String(ab.id_abertura) });
    expect(r.semente).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(r.semente ?? '')).toBe(ab.hash_semente);
    expect(r).toMatchObject({
      id_abertura: ab.id_abertura,
      hash_semente: ab.hash_semente,
      qtd_elegiveis: 12,
    });

    // The public record reveals the seed next to the hash published before.
    const rec = (await t.app.inject({ url: `/v1/sorteios/${r.id_registro}` })).json<
      Record<string, unknown>
    >();
    expect(rec).toMatchObject({
      id_abertura: ab.id_abertura,
      hash_semente: ab.hash_semente,
      semente: r.semente,
      hash_lista: r.hash_lista,
    });
    expect(String(rec.realizado_em) >= ab.aberto_em).toBe(true);

    // Anyone recomputes the winner: the seed, and the published ticket file and its hash.
    const file = await t.app.inject({ url: `/v1/sorteios/${r.id_registro}/bilhetes.csv` });
    expect(file.statusCode).toBe(200);
    const bytes = file.rawPayload;
    expect(sha256(bytes)).toBe(r.hash_lista);
    const lines = bytes.toString('utf8').split('\n').slice(1).filter(Boolean);
    expect(lines).toHaveLength(12);
    const posicao = derivePosition(r.semente ?? '', sha256(bytes), lines.length);
    expect(posicao).toBe(r.posicao);
    expect(lines[posicao].split(';')[1]).toBe(r.codigo);

    // After the draw the opening answers its record and the seed; it is no longer 'aberto'.
    const after = (await t.app.inject({ url: `/v1/sorteios/aberturas/${ab.id_abertura}` })).json();
    expect(after).toMatchObject({
      id_registro: r.id_registro,
      semente: r.semente,
      hash_semente: ab.hash_semente,
    });
    const list = await publicList(city1);
    expect(list.filter((i) => i.hash === ab.hash_semente)).toEqual([]);
    expect(list.filter((i) => i.id_registro === r.id_registro)).toEqual([
      expect.objectContaining({ status: 'realizado', hash: r.hash_lista }),
    ]);
  });

  it('uses an opening for one draw only (409), and keeps every opening public', async () => {
    const campanha = await campaignWith(5);
    const ab = await abrirOk(campanha);
    await drawOk(campanha, { abertura: String(ab.id_abertura) });
    const winners = () =>
      t.db.selectFrom('contemplados').select('id_sorteado').where('id_campanha', '=', campanha).execute();
    const before = (await winners()).length;
    const again = await sortear(tokens.admin1, campanha, { abertura: String(ab.id_abertura) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ erro: MSG_SORTEIO.aberturaJaUsada });
    expect((await winners()).length).toBe(before);

    // Two openings at the same moment: one draw each. A discarded one stays public.
    const [a1, a2, a3] = [await abrirOk(campanha), await abrirOk(campanha), await abrirOk(campanha)];
    const both = await Promise.all(
      [a1, a2].map((a) => sortear(tokens.admin1, campanha, { abertura: String(a.id_abertura) })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const open = (await publicList(city1)).filter((i) => i.id_campanha === campanha && i.status === 'aberto');
    expect(open.map((i) => i.hash)).toEqual([a3.hash_semente]);
  });

  it('refuses what is not its own: another city 403, unknown 404, another campaign 400, opening and seed together 400', async () => {
    const campanha = await campaignWith(3);
    const other = await campaignWith(3);
    expect((await abrir(tokens.admin2, campanha)).statusCode).toBe(403);
    expect((await abrir(tokens.admin2, campanha)).json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    expect((await abrir(tokens.consumer, campanha)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/v1/adm/sorteio/${campanha}/abertura` })).statusCode,
    ).toBe(401);
    expect((await abrir(tokens.admin1, 99999999)).statusCode).toBe(404);
    expect((await abrir(tokens.super, campanha)).statusCode).toBe(201);

    const ab = await abrirOk(campanha);
    const q = { abertura: String(ab.id_abertura) };
    expect((await sortear(tokens.admin2, campanha, q)).statusCode).toBe(403);
    const wrong = await sortear(tokens.admin1, other, q);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ erro: MSG_SORTEIO.aberturaDeOutraCampanha });
    const both = await sortear(tokens.admin1, campanha, { ...q, semente: 'escolhida' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ erro: MSG_SORTEIO.aberturaOuSemente });
    const unknown = await sortear(tokens.admin1, campanha, { abertura: '99999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ erro: MSG_SORTEIO.aberturaNaoEncontrada });
    expect((await t.app.inject({ url: '/v1/sorteios/aberturas/99999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v1/sorteios/aberturas/abc' })).statusCode).toBe(400);
    // None of those refusals used the opening.
    await drawOk(campanha, q);
  });
});

describe('tickets frozen for an apuração not yet drawn', () => {
  it('are never picked by an instant draw, unseeded or seeded, until the apuração is apurada', async () => {
    const campanha = await campaignWith(30);
    // Frozen up to 20, leaving out 3 (voided) and 7 (then drawn by hand and given back: live).
    await setCoupon(campanha, 3, { anulado_em: nowIso() });
    const idApuracao = await freezeApuracao(campanha, 20, [3, 7]);
    const eligible = [7, ...Array.from({ length: 10 }, (_, i) => 21 + i)];

    // The seeded ticket file lists exactly the unfrozen live coupons.
    const ab = await abrirOk(campanha);
    const r = await drawOk(campanha, { abertura: String(ab.id_abertura) });
    expect(r.qtd_elegiveis).toBe(eligible.length);
    const file = (await t.app.inject({ url: `/v1/sorteios/${r.id_registro}/bilhetes.csv` })).body;
    const listed = file
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => parseCouponCode(l.split(';')[1]));
    expect(listed).toEqual(eligible);
    expect(eligible).toContain(r.id_sorteio);

    // Unseeded draws until none is left: only unfrozen coupons come out.
    const rest = await drawAll(campanha);
    expect([r.id_sorteio, ...rest].sort((a, b) => a - b)).toEqual(eligible);

    // Apurada: its tickets are free again (those not drawn in it).
    await t.db
      .updateTable('apuracoes')
      .set({ status: 'apurada' })
      .where('id_apuracao', '=', idApuracao)
      .execute();
    const freed = await drawAll(campanha);
    expect(freed.sort((a, b) => a - b)).toEqual([
      1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
  });

  it('counts and ranks by complement correctly around the frozen prefix (also while still freezing)', async () => {
    const campanha = await campaignWith(40);
    await setCoupon(campanha, 5, { anulado_em: nowIso() });
    await setCoupon(campanha, 33, { anulado_em: nowIso() });
    // Still freezing ('' hash): counts too.
    await freezeApuracao(campanha, 25, [5, 9, 12], '');
    const e: repo.Eligibility = {
      idCampanha: campanha,
      semUsuariosContemplados: false,
      semLojasContempladas: false,
      congeladas: await repo.frozenApuracoes(t.db, campanha),
    };
    expect(e.congeladas).toHaveLength(1);
    const eligible = [9, 12, ...Array.from({ length: 15 }, (_, i) => 26 + i).filter((n) => n !== 33)];
    expect(await repo.countEligible(t.db, e)).toBe(eligible.length);

    // The rejection stage's pick (its first try hits): rank and count by complement.
    for (const numero of [9, 12, 26, 30, 40]) {
      const calls: [number, number][] = [];
      const pick = await pickUnseeded(t.db, e, (min, max) => {
        calls.push([min, max]);
        return calls.length === 1 ? numero : min;
      });
      expect(pick, String(numero)).toMatchObject({
        numero,
        posicao: eligible.indexOf(numero),
        qtd_elegiveis: eligible.length,
      });
      expect(calls[0]).toEqual([1, 41]); // 9 and 12 may win: the whole range
    }
    // A frozen number is missed by the probe.
    expect(await repo.eligibleByNumber(t.db, e, 20)).toBeUndefined();
    expect(await repo.eligibleByNumber(t.db, e, 9)).toMatchObject({ numero: 9 });

    // Once the left-out numbers cannot win, the rejection stage draws above the prefix only.
    await setCoupon(campanha, 9, { sorteado_em: nowIso() });
    await setCoupon(campanha, 12, { anulado_em: nowIso() });
    const calls: [number, number][] = [];
    const pick = await pickUnseeded(t.db, e, (min, max) => {
      calls.push([min, max]);
      return 30;
    });
    expect(calls[0]).toEqual([26, 41]);
    expect(pick).toMatchObject({ numero: 30, posicao: 4, qtd_elegiveis: 14 });
    // Step 2 (by position, after the rejection stage misses: 33 is voided) counts and walks the
    // same set.
    const byPosition = await pickUnseeded(t.db, e, (min) => (min === 26 ? 33 : 13));
    expect(byPosition).toMatchObject({ posicao: 13, qtd_elegiveis: 14, numero: 40 });
  });
});

describe('winners made by hand', () => {
  it('leave their coupon not drawn (sorteado_em null) and in later draws', async () => {
    const campanha = await campaignWith(2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/adm/contemplados',
      headers: bearer(tokens.admin1),
      payload: { id_campanha: campanha, id_sorteio: 1, nome_sorteado: 'Ana Lima' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const k = await t.db
      .selectFrom('cupons')
      .select('sorteado_em')
      .where('id_campanha', '=', campanha)
      .where('numero', '=', 1)
      .executeTakeFirstOrThrow();
    expect(k.sorteado_em).toBeNull();
    // Both coupons can still be drawn.
    expect((await drawAll(campanha)).sort()).toEqual([1, 2]);
  });
});
