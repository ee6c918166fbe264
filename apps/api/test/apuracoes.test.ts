import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  APURACAO_CSV_HEADER,
  MSG_ADMIN,
  MSG_APURACAO,
  REGRA_APURACAO_V2,
  TITULO_CONTEMPLADO_APURACAO,
  formatCouponCode,
  type Apuracao,
  type ConsultaBilhete,
  type ItemSorteioPublico,
  type MeusNumeros,
  type ResultadoApuracao,
} from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, setClock, today } from '../src/lib/clock.js';
import { BilhetesFileReader, apurarV2, serieNumero, titularDe } from '../src/modules/apuracoes/rule.js';
import { qrKey } from '../src/lib/qr-key.js';
import { useTestApp } from './helper.js';
import {
  afterConcurso,
  agendamento,
  concursoAhead,
  concursoNumbered,
  instantOf,
  resultByTwo,
} from './apuracao-helpers.js';
import {
  bearer,
  createCampaign,
  createCity,
  createSeller,
  createShop,
  createUser,
  insertConsumers,
  sessionFor,
} from './factories.js';

const t = useTestApp();

const tokens = {} as Record<'admin1' | 'admin2' | 'super' | 'consumer', string>;
let city1 = 0;
let city2 = 0;
let saleSeq = 0;
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

type Person = 'U1' | 'U2' | 'U3' | 'U4';
type Shop = 'A' | 'B';
interface Spec {
  u: Person;
  s: Shop;
  voided?: boolean;
  drawn?: boolean;
}

interface World {
  id_campanha: number;
  den_campanha: string;
  users: Record<Person, number>;
  shops: Record<Shop, number>;
  shopNames: Record<Shop, string>;
  seller: { id_vendedor: number; nome_vendedor: string };
  /** Coupon number → its id. */
  coupons: Map<number, number>;
  add(specs: Spec[]): Promise<void>;
}

/**
 * The standard campaign: 1 U1@A · 2 U2@A · 3 U1@B voided · 4 U3@B · 5 U2@B drawn · 6 U1@A ·
 * 7 U4@A (a removed account) · 8 U3@A · 9 U2@B · 10 U1@B. Frozen: 1 2 4 6 8 9 10; left out 3 5 7.
 */
const STANDARD: Spec[] = [
  { u: 'U1', s: 'A' },
  { u: 'U2', s: 'A' },
  { u: 'U1', s: 'B', voided: true },
  { u: 'U3', s: 'B' },
  { u: 'U2', s: 'B', drawn: true },
  { u: 'U1', s: 'A' },
  { u: 'U4', s: 'A' },
  { u: 'U3', s: 'A' },
  { u: 'U2', s: 'B' },
  { u: 'U1', s: 'B' },
];

/** A campaign of city 1 with coupons issued directly (one sale each, shop A's with a seller). */
async function world(specs: Spec[] = STANDARD, codCidade = city1): Promise<World> {
  const shopNames = { A: `Loja A ${++saleSeq}`, B: `Loja B ${saleSeq}` };
  const shops = {
    A: (await createShop(t.db, { cod_cidade: codCidade, nome: shopNames.A })).id_estabelecimento,
    B: (await createShop(t.db, { cod_cidade: codCidade, nome: shopNames.B })).id_estabelecimento,
  };
  const [U1, U2, U3] = await insertConsumers(t.db, {
    cod_cidade: codCidade,
    nomes: ['Ana Maria Souza', 'Bruno Lima', 'Carla Dias'],
  });
  const [U4] = await insertConsumers(t.db, { cod_cidade: codCidade, nomes: ['Removido'], removido: true });
  const users = { U1, U2, U3, U4 };
  const den_campanha = `Campanha Federal ${saleSeq}`;
  const { id_campanha } = await createCampaign(t.db, { cod_cidade: codCidade, den_campanha });
  const seller = await createSeller(t.db, { id_estabelecimento: shops.A, nome_vendedor: 'Vera Vendas' });
  const coupons = new Map<number, number>();
  const w: World = {
    id_campanha,
    den_campanha,
    users,
    shops,
    shopNames,
    seller,
    coupons,
    async add(more) {
      const now = new Date().toISOString();
      for (const s of more) {
        const numero = coupons.size + 1;
        const { id_venda } = await t.db
          .insertInto('vendas')
          .values({
            id_campanha,
            id_estabelecimento: shops[s.s],
            id_usuario: users[s.u],
            id_vendedor: s.s === 'A' ? seller.id_vendedor : null,
            dat_venda: today(),
            numero_venda: `AP-${++saleSeq}`,
            valor_centavos: 10_000,
            pontos_e6: 0,
            cashback_e6: 0,
            atualizado_em: now,
          })
          .returning('id_venda')
          .executeTakeFirstOrThrow();
        const { id_cupom } = await t.db
          .insertInto('cupons')
          .values({
            id_campanha,
            numero,
            id_usuario: users[s.u],
            id_venda,
            id_estabelecimento: shops[s.s],
            dat_emissao: now,
            anulado_em: s.voided ? now : null,
            sorteado_em: s.drawn ? now : null,
          })
          .returning('id_cupom')
          .executeTakeFirstOrThrow();
        coupons.set(numero, id_cupom);
      }
      await t.db
        .updateTable('campanhas')
        .set({ proximo_cupom: coupons.size + 1 })
        .where('id_campanha', '=', id_campanha)
        .execute();
    },
  };
  await w.add(specs);
  return w;
}

const agendar = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/adm/apuracoes', headers: bearer(token), payload: body });

async function schedule(w: World, over: Record<string, unknown> = {}): Promise<Apuracao> {
  const qtd = typeof over.qtd_premios === 'number' ? over.qtd_premios : 3;
  const res = await agendar(tokens.admin1, { ...agendamento(w.id_campanha, { qtd_premios: qtd }), ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Apuracao>();
}

/** The result entered by admin1 and confirmed by the super-admin, a minute past the contest. */
const decide = (a: Pick<Apuracao, 'id_apuracao' | 'data_concurso'>, premios: string[] = PREMIOS) =>
  resultByTwo(t.app, a.id_apuracao, a.data_concurso, [tokens.admin1, tokens.super], premios);

const resultado = (token: string, id: number, premios: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/adm/apuracoes/${id}/resultado`,
    headers: bearer(token),
    payload: { premios },
  });

const download = (id: number) => t.app.inject({ url: `/v1/apuracoes/${id}/bilhetes.csv` });

const PREMIOS = ['12345', '67890', '11111', '22222', '33333'];

beforeAll(async () => {
  city1 = (await createCity(t.db)).cod_cidade;
  city2 = (await createCity(t.db)).cod_cidade;
  const ids = {
    admin1: (await createUser(t.db, { cod_cidade: city1, admin: true })).id_usuario,
    admin2: (await createUser(t.db, { cod_cidade: city2, admin: true })).id_usuario,
    super: (await createUser(t.db, { cod_cidade: city2, admin: true, superadmin: true })).id_usuario,
    consumer: (await createUser(t.db, { cod_cidade: city1 })).id_usuario,
  };
  for (const [k, id] of Object.entries(ids)) tokens[k as keyof typeof tokens] = await sessionFor(t.db, id);
});

describe('freezing (POST /v1/adm/apuracoes) and the ticket file', () => {
  it('freezes the eligible coupons into the published file, byte for byte, with its SHA-256', async () => {
    const w = await world();
    const before = new Date().toISOString();
    const a = await schedule(w, { qtd_premios: 2, mloja: 'N', musuario: 'N' });
    expect(a).toMatchObject({
      status: 'agendada',
      id_campanha: w.id_campanha,
      den_campanha: w.den_campanha,
      cod_cidade: city1,
      qtd_premios: 2,
      versao_regra: 2,
      descricao_premios: ['Vale-compras de R$ 100', 'Vale-compras de R$ 200'],
      final: false,
      publicacoes: [],
      edital: `/v1/apuracoes/${a.id_apuracao}/edital.pdf`,
      ata: null,
      aguardando_confirmacao: false,
      mloja: 'N',
      musuario: 'N',
      qtd_bilhetes: 7,
      bilhetes: `/v1/apuracoes/${a.id_apuracao}/bilhetes.csv`,
      regra: [...REGRA_APURACAO_V2],
      reagendamentos: [],
      apurada_em: null,
      premios: null,
      ganhadores: [],
    });
    expect(a.congelado_em >= before).toBe(true);

    const secret = await qrKey(t.db, t.config.QR_SECRET)();
    const tit = (u: Person) => titularDe(secret, a.id_apuracao, w.users[u]);
    const expected =
      `${APURACAO_CSV_HEADER}\n` +
      [
        `000,00000,${tit('U1')},${w.shops.A}`,
        `000,00001,${tit('U2')},${w.shops.A}`,
        `000,00003,${tit('U3')},${w.shops.B}`,
        `000,00005,${tit('U1')},${w.shops.A}`,
        `000,00007,${tit('U3')},${w.shops.A}`,
        `000,00008,${tit('U2')},${w.shops.B}`,
        `000,00009,${tit('U1')},${w.shops.B}`,
      ]
        .map((l) => `${l}\n`)
        .join('');

    const res = await download(a.id_apuracao);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="apuracao-${a.id_apuracao}-bilhetes.csv"`,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload[0]).not.toBe(0xef); // no BOM
    expect(res.rawPayload.includes('\r')).toBe(false);
    expect(res.rawPayload.toString('utf8')).toBe(expected);
    expect(sha256(res.rawPayload)).toBe(a.hash_bilhetes);
    expect(fs.readFileSync(path.join(t.dataDir, 'apuracoes', `${a.id_apuracao}.csv`), 'utf8')).toBe(expected);

    const stored = await t.db
      .selectFrom('apuracoes')
      .select(['maior_numero', 'arquivo', 'criado_por'])
      .where('id_apuracao', '=', a.id_apuracao)
      .executeTakeFirstOrThrow();
    expect(Number(stored.maior_numero)).toBe(10);
    expect(stored.arquivo).toBe(`apuracoes/${a.id_apuracao}.csv`);
    const fora = await t.db
      .selectFrom('apuracao_fora')
      .select('numero')
      .where('id_apuracao', '=', a.id_apuracao)
      .orderBy('numero')
      .execute();
    expect(fora.map((f) => Number(f.numero))).toEqual([3, 5, 7]); // voided, drawn, removed owner

    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'depois'])
      .where('entidade', '=', 'apuracao')
      .where('id_entidade', '=', String(a.id_apuracao))
      .execute();
    expect(audit.map((e) => e.acao)).toEqual(['agendar']);
    expect(audit[0].depois).toContain(a.hash_bilhetes);
  });

  it('gives one person the same pseudonym on all their tickets, different people different ones, no name', async () => {
    const w = await world();
    const a = await schedule(w, { musuario: 'N' });
    const lines = (await download(a.id_apuracao)).body.split('\n').slice(1, -1);
    const titular = (n: number) =>
      lines.find((l) => l.startsWith(`000,${String(n - 1).padStart(5, '0')},`))!.split(',')[2];
    expect(new Set([titular(1), titular(6), titular(10)]).size).toBe(1); // U1
    expect(new Set([titular(2), titular(9)]).size).toBe(1); // U2
    expect(new Set([titular(1), titular(2), titular(4)]).size).toBe(3); // U1, U2, U3
    expect(titular(1)).toMatch(/^[0-9a-f]{16}$/);
    const body = (await download(a.id_apuracao)).body;
    for (const word of ['Ana', 'Bruno', 'Carla', '@']) expect(body).not.toContain(word);

    // Another apuração of the same campaign (after this one's result): other pseudonyms.
    expect((await decide(a, ['10001', '20002', '30003', '40004', '50005'])).statusCode).toBe(200);
    const b = await schedule(w, { qtd_premios: 1 });
    const other = (await download(b.id_apuracao)).body.split('\n')[1].split(',')[2];
    expect(other).not.toBe(titular(1));
  });

  it('with musuario=S and mloja=S the file links no two tickets: a pseudonym per ticket, no shop (issue 49)', async () => {
    const w = await world();
    const a = await schedule(w, { qtd_premios: 2, musuario: 'S', mloja: 'S' });
    const lines = (await download(a.id_apuracao)).body.trim().split('\n').slice(1);
    const titulares = lines.map((l) => l.split(',')[2]);
    expect(new Set(titulares).size).toBe(lines.length); // U1 holds three of them
    for (const t of titulares) expect(t).toMatch(/^[0-9a-f]{16}$/);
    expect(lines.every((l) => l.endsWith(','))).toBe(true); // id_estabelecimento empty
    const secret = await qrKey(t.db, t.config.QR_SECRET)();
    expect(titulares).not.toContain(titularDe(secret, a.id_apuracao, w.users.U1));
    // The result and the public record name each winner by the file's pseudonym.
    const r = (await decide(a)).json<ResultadoApuracao>();
    for (const g of r.ganhadores) expect(titulares).toContain(g.titular);
    const pub = (await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}` })).json<Apuracao>();
    expect(pub.ganhadores.map((g) => g.titular)).toEqual(r.ganhadores.map((g) => g.titular));
  });

  it('a coupon issued after freezing is not in the file and never wins, even when the prizes point at it', async () => {
    const w = await world();
    const a = await schedule(w, { qtd_premios: 7 });
    await w.add([{ u: 'U3', s: 'A' }]); // #11: série-número 000-00010
    // Start point (000, 00010): the units digits of the five prizes.
    const premios = ['00000', '00001', '00002', '00003', '00010'];
    const res = await decide(a, premios);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<ResultadoApuracao>();
    expect(r.numero_inicial).toBeNull();
    // Seven prizes over the seven frozen tickets: each wins once, the late one never.
    expect(r.ganhadores.map((g) => g.serie_numero).sort()).toEqual(
      [1, 2, 4, 6, 8, 9, 10].map((n) => formatCouponCode(n)),
    );
    const late = await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}/bilhetes/000-00010` });
    expect(late.json<ConsultaBilhete>()).toEqual({
      serie_numero: '000-00010',
      no_arquivo: false,
      ganhador: false,
      premio: null,
    });
  });

  it('refuses: 404 unknown campaign, 403 another city, 400 past or impossible day, 409 nothing eligible (nothing stored)', async () => {
    const w = await world();
    const body = agendamento(w.id_campanha);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('apuracoes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n0 = await count();
    const files0 = fs.existsSync(path.join(t.dataDir, 'apuracoes'))
      ? fs.readdirSync(path.join(t.dataDir, 'apuracoes')).length
      : 0;

    let res = await agendar(tokens.admin1, { ...body, id_campanha: 999_999 });
    expect([res.statusCode, res.json()]).toEqual([404, { erro: MSG_APURACAO.campanhaNaoEncontrada }]);
    res = await agendar(tokens.admin2, body);
    expect([res.statusCode, res.json()]).toEqual([403, { erro: MSG_ADMIN.outraCidade }]);
    res = await agendar(tokens.admin1, { ...body, data_concurso: addDays(today(), -1) });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.concursoNaoConfere }]);
    res = await agendar(tokens.admin1, { ...body, data_concurso: '2099-02-30' });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.dataConcursoInvalida }]);
    res = await agendar(tokens.admin1, { ...body, qtd_premios: 0, descricao_premios: [] });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.qtdPremiosInvalida }]);
    res = await agendar(tokens.consumer, body);
    expect(res.statusCode).toBe(403);

    const empty = await createCampaign(t.db, { cod_cidade: city1 });
    res = await agendar(tokens.admin1, { ...body, id_campanha: empty.id_campanha });
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.semBilhetes }]);
    const spent = await world([
      { u: 'U1', s: 'A', voided: true },
      { u: 'U4', s: 'B' },
    ]);
    res = await agendar(tokens.admin1, { ...body, id_campanha: spent.id_campanha });
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.semBilhetes }]);

    expect(await count()).toBe(n0);
    const files = fs.existsSync(path.join(t.dataDir, 'apuracoes'))
      ? fs.readdirSync(path.join(t.dataDir, 'apuracoes')).length
      : 0;
    expect(files).toBe(files0);

    // The super-admin schedules in any city.
    res = await agendar(tokens.super, body);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the result (POST /v1/adm/apuracoes/{id}/resultado)', () => {
  it('records the winners apurar() finds in the downloaded file, notifies and e-mails them', async () => {
    const w = await world();
    const a = await schedule(w, { qtd_premios: 3, musuario: 'N' });
    const res = await decide(a);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<ResultadoApuracao>();

    // Anyone with the published file and the prizes gets the same winners.
    const reader = new BilhetesFileReader();
    reader.feed((await download(a.id_apuracao)).rawPayload);
    const { hash, bilhetes } = reader.end();
    expect(hash).toBe(a.hash_bilhetes);
    const expected = apurarV2(bilhetes, a.hash_bilhetes, PREMIOS, { qtd: 3, mloja: 'S', musuario: 'N' });
    expect(r.ganhadores.map((g) => g.serie_numero)).toEqual(
      expected.ganhadores.map((i) => {
        const b = bilhetes.bilhete(i);
        return serieNumero(b.serie, b.numero);
      }),
    );
    expect(r.ganhadores.map((g) => g.premio)).toEqual([1, 2, 3]);
    expect(new Set(r.ganhadores.map((g) => g.titular)).size).toBe(3); // musuario=N
    expect(r).toMatchObject({
      id_apuracao: a.id_apuracao,
      premios: PREMIOS,
      serie_inicial: null,
      numero_inicial: null,
      versao_regra: 2,
    });

    // Recorded as contemplados with the coupon's owner, shop, sale and seller.
    const rows = await t.db
      .selectFrom('contemplados as w')
      .innerJoin('cupons as k', 'k.id_cupom', 'w.id_cupom')
      .select([
        'w.premio',
        'k.numero',
        'w.id_usuario',
        'k.id_usuario as dono',
        'w.id_estabelecimento',
        'w.id_venda',
        'k.id_venda as venda',
        'w.id_vendedor',
        'w.nome_vendedor',
        'w.nome_sorteado',
        'w.data_sorteio',
        'k.sorteado_em',
      ])
      .where('w.id_apuracao', '=', a.id_apuracao)
      .orderBy('w.premio')
      .execute();
    expect(rows.map((x) => formatCouponCode(Number(x.numero)))).toEqual(
      r.ganhadores.map((g) => g.serie_numero),
    );
    for (const [i, x] of rows.entries()) {
      expect(x.id_usuario).toBe(x.dono);
      expect(x.id_usuario).toBe(r.ganhadores[i].id_usuario);
      expect(x.id_venda).toBe(x.venda);
      expect(x.id_estabelecimento).toBe(r.ganhadores[i].id_estabelecimento);
      expect(x.sorteado_em).not.toBeNull();
      expect(x.data_sorteio).toBe(a.data_concurso); // the result's day on the programme's clock
      const shopA = x.id_estabelecimento === w.shops.A;
      expect([x.id_vendedor, x.nome_vendedor]).toEqual(
        shopA ? [w.seller.id_vendedor, 'Vera Vendas'] : [null, ''],
      );
      const name = Object.entries(w.users).find(([, id]) => id === x.id_usuario)![0];
      expect(x.nome_sorteado).toBe({ U1: 'Ana Maria Souza', U2: 'Bruno Lima', U3: 'Carla Dias' }[name]);
    }

    // The public record: prizes in full, the start point, winners masked.
    const pub = (await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}` })).json<Apuracao>();
    expect(pub).toMatchObject({
      status: 'apurada',
      premios: PREMIOS,
      serie_inicial: null,
      numero_inicial: null,
    });
    expect(pub.apurada_em).not.toBeNull();
    expect(pub.ganhadores.map((g) => [g.premio, g.serie_numero, g.titular])).toEqual(
      r.ganhadores.map((g) => [g.premio, g.serie_numero, g.titular]),
    );
    for (const g of pub.ganhadores) {
      expect(g.participante).toMatch(/^[A-Z]\*+( \*+)* [A-Z]\*+$/);
      expect([g.anulado, g.entregue, g.prescrito]).toEqual([false, false, false]);
      expect(g.nom_estabelecimento).toBe(g.id_estabelecimento === w.shops.A ? w.shopNames.A : w.shopNames.B);
    }
    expect(JSON.stringify(pub)).not.toMatch(/Ana Maria|Bruno Lima|Carla Dias|id_usuario/);

    // Each winner's notification names the number, the campaign and the contest.
    const first = r.ganhadores[0];
    const notes = await t.db
      .selectFrom('usuario_notificacoes')
      .select(['title', 'body'])
      .where('id_usuario', '=', first.id_usuario)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0].title).toBe(TITULO_CONTEMPLADO_APURACAO);
    for (const s of [first.serie_numero, w.den_campanha, String(a.concurso)])
      expect(notes[0].body).toContain(s);

    // And an e-mail (these consumers have addresses), after the answer.
    await t.app.jobs.idle();
    const outbox = fs.existsSync(t.config.outboxDir) ? fs.readdirSync(t.config.outboxDir) : [];
    const mails = outbox
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(t.config.outboxDir, f), 'utf8')) as { text: string });
    expect(
      mails.some((m) => m.text.includes(first.serie_numero) && m.text.includes(`/sorteios/${a.id_apuracao}`)),
    ).toBe(true);

    // The audit keeps the prizes and the winners.
    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'depois'])
      .where('entidade', '=', 'apuracao')
      .where('id_entidade', '=', String(a.id_apuracao))
      .where('acao', '=', 'apurar')
      .executeTakeFirstOrThrow();
    expect(audit.depois).toContain(first.serie_numero);
  });

  it('refuses: 400 malformed or repeated prizes, 404, 403, 409 before the contest instant and for a second result', async () => {
    const w = await world();
    const a = await schedule(w);
    for (const [bad, erro] of [
      [PREMIOS.slice(0, 4), MSG_APURACAO.premiosInvalidos],
      [[...PREMIOS, '44444'], MSG_APURACAO.premiosInvalidos],
      [['1234a', ...PREMIOS.slice(1)], MSG_APURACAO.premiosInvalidos],
      [['123456', ...PREMIOS.slice(1)], MSG_APURACAO.premiosInvalidos],
      ['x', MSG_APURACAO.premiosInvalidos],
      [['12345', '12345', '11111', '22222', '33333'], MSG_APURACAO.premiosRepetidos],
    ] as const) {
      const res = await afterConcurso(a.data_concurso, () => resultado(tokens.admin1, a.id_apuracao, bad));
      expect([res.statusCode, res.json()], JSON.stringify(bad)).toEqual([400, { erro }]);
    }
    let res = await resultado(tokens.admin1, 999_999, PREMIOS);
    expect([res.statusCode, res.json()]).toEqual([404, { erro: MSG_APURACAO.apuracaoNaoEncontrada }]);
    res = await resultado(tokens.admin2, a.id_apuracao, PREMIOS);
    expect([res.statusCode, res.json()]).toEqual([403, { erro: MSG_ADMIN.outraCidade }]);
    res = await resultado(tokens.consumer, a.id_apuracao, PREMIOS);
    expect(res.statusCode).toBe(403);

    // Before the contest's instant (19:00 of its day): a minute before is too early.
    res = await resultado(tokens.admin1, a.id_apuracao, PREMIOS);
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.antesDoConcurso }]);
    setClock(new Date(Date.parse(a.instante_concurso) - 60_000));
    try {
      res = await resultado(tokens.admin1, a.id_apuracao, PREMIOS);
      expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.antesDoConcurso }]);
    } finally {
      setClock(null);
    }
    expect(
      await t.db
        .selectFrom('apuracao_lancamentos')
        .selectAll()
        .where('id_apuracao', '=', a.id_apuracao)
        .execute(),
    ).toEqual([]);

    res = await decide(a);
    expect(res.statusCode, res.body).toBe(200);
    res = await afterConcurso(a.data_concurso, () =>
      resultado(tokens.admin1, a.id_apuracao, ['99999', '88888', '77777', '66666', '55555']),
    );
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.jaApurada }]);
  });

  it('ten simultaneous confirmations: exactly one stands, with exactly qtd winners', async () => {
    const w = await world();
    const a = await schedule(w, { qtd_premios: 4 });
    const answers = await afterConcurso(a.data_concurso, async () => {
      const first = await resultado(tokens.admin1, a.id_apuracao, PREMIOS);
      expect(first.statusCode, first.body).toBe(202);
      return Promise.all(Array.from({ length: 10 }, () => resultado(tokens.super, a.id_apuracao, PREMIOS)));
    });
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.every((x) => x === 200 || x === 409 || x === 202)).toBe(true);
    const winner = answers.find((r) => r.statusCode === 200)!.json<ResultadoApuracao>();
    const rows = await t.db
      .selectFrom('contemplados as w')
      .innerJoin('cupons as k', 'k.id_cupom', 'w.id_cupom')
      .select(['w.premio', 'k.numero'])
      .where('w.id_apuracao', '=', a.id_apuracao)
      .orderBy('w.premio')
      .execute();
    expect(rows.map((x) => formatCouponCode(Number(x.numero)))).toEqual(
      winner.ganhadores.map((g) => g.serie_numero),
    );
    expect(rows).toHaveLength(4);
    const stored = (await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}` })).json<Apuracao>();
    expect(stored.premios).toEqual(winner.premios);
  });

  it('a file edited on the disk suspends the apuração: CSV 503, result 409, restored by a copy with the same hash', async () => {
    const w = await world();
    const a = await schedule(w);
    const original = (await download(a.id_apuracao)).rawPayload;
    const file = path.join(t.dataDir, 'apuracoes', `${a.id_apuracao}.csv`);
    const lines = original.toString('utf8').split('\n');
    lines.splice(1, 1); // a ticket taken out
    fs.writeFileSync(file, lines.join('\n'));
    let res = await download(a.id_apuracao);
    expect([res.statusCode, res.json()]).toEqual([503, { erro: MSG_APURACAO.arquivoSuspenso }]);
    let record = (await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}` })).json<Apuracao>();
    expect(record.status).toBe('suspensa');
    res = await afterConcurso(a.data_concurso, () => resultado(tokens.admin1, a.id_apuracao, PREMIOS));
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.arquivoNaoConfere }]);

    const put = (body: Buffer | string, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/adm/apuracoes/${a.id_apuracao}/bilhetes.csv`,
        headers: { ...bearer(tokens.admin1), 'content-type': type },
        payload: body,
      });
    res = await put(lines.join('\n'), 'text/csv');
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.restauroNaoConfere }]);
    res = await put(original, 'application/octet-stream');
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.restauroTipo }]);
    res = await put(original, 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Apuracao>().status).toBe('agendada');
    res = await download(a.id_apuracao);
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(a.hash_bilhetes);
    record = (await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}` })).json<Apuracao>();
    expect(record.status).toBe('agendada');
    // The admins were alerted.
    const alerts = await t.db
      .selectFrom('usuario_notificacoes')
      .select('title')
      .where('title', '=', 'Apuração suspensa')
      .execute();
    expect(alerts.length).toBeGreaterThan(0);
  });
});

describe('rescheduling (PATCH /v1/adm/apuracoes/{id}) and a contest not held', () => {
  it('moves an agendada apuração with a reason, only until the notice period before its instant, to a contest whose number matches its date', async () => {
    const w = await world();
    const a = await schedule(w);
    const patch = (token: string, id: number, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/v1/adm/apuracoes/${id}`, headers: bearer(token), payload });
    const next = concursoAhead(2880 + 1440 * 6); // a later contest, well ahead
    const motivo = 'Concurso adiado pela Caixa (nota oficial)';

    let res = await patch(tokens.admin1, a.id_apuracao, next);
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.motivoReagendamento }]);
    res = await patch(tokens.admin1, a.id_apuracao, { ...next, motivo: 'curto' });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.motivoReagendamento }]);
    res = await patch(tokens.admin1, a.id_apuracao, { ...next, concurso: next.concurso + 1, motivo });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.concursoNaoConfere }]);
    res = await patch(tokens.admin2, a.id_apuracao, { ...next, motivo });
    expect([res.statusCode, res.json()]).toEqual([403, { erro: MSG_ADMIN.outraCidade }]);
    res = await patch(tokens.admin1, 999_999, { ...next, motivo });
    expect(res.statusCode).toBe(404);
    // To a contest too close: 409, nothing moved.
    // On a clock an hour before the notice period of `a` starts, the contest before `a`'s is inside
    // it (contests are at most four days apart), whichever weekday the suite runs on.
    const close = concursoNumbered(a.concurso - 1);
    setClock(new Date(Date.parse(a.instante_concurso) - (2880 + 60) * 60_000), { running: true });
    try {
      res = await patch(tokens.admin1, a.id_apuracao, { ...close, motivo });
      expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.antecedencia }]);
    } finally {
      setClock(null);
    }

    res = await patch(tokens.admin1, a.id_apuracao, { ...next, motivo });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Apuracao>();
    expect(moved).toMatchObject({ ...next, hash_bilhetes: a.hash_bilhetes });
    expect(moved.instante_concurso).toBe(instantOf(next.data_concurso).toISOString());
    expect(moved.reagendamentos).toEqual([
      {
        em: expect.any(String),
        concurso_anterior: a.concurso,
        data_anterior: a.data_concurso,
        ...next,
        motivo,
        tipo: 'reagendamento',
      },
    ]);
    const audit = await t.db
      .selectFrom('auditoria')
      .select('acao')
      .where('entidade', '=', 'apuracao')
      .where('id_entidade', '=', String(a.id_apuracao))
      .execute();
    expect(audit.map((e) => e.acao).sort()).toEqual(['agendar', 'reagendar']);

    // Inside the notice period nothing can move it.
    setClock(new Date(Date.parse(moved.instante_concurso) - 2879 * 60_000));
    try {
      res = await patch(tokens.admin1, a.id_apuracao, { ...concursoAhead(2880 + 1440 * 14), motivo });
      expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.reagendamentoFechado }]);
    } finally {
      setClock(null);
    }

    // After the result, no more moves.
    expect((await decide(moved)).statusCode).toBe(200);
    res = await patch(tokens.admin1, a.id_apuracao, { ...concursoAhead(2880 + 1440 * 14), motivo });
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.jaApurada }]);
  });

  it('a contest Caixa did not hold moves the apuração to the next contest by the calendar, with no choice', async () => {
    const w = await world();
    const a = await schedule(w);
    const res = await afterConcurso(a.data_concurso, () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/adm/apuracoes/${a.id_apuracao}/concurso-nao-realizado`,
        headers: bearer(tokens.admin1),
        payload: { motivo: 'A Caixa não realizou a extração do concurso' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Apuracao>();
    expect(moved.concurso).toBe(a.concurso + 1);
    expect(moved.data_concurso > a.data_concurso).toBe(true);
    expect(moved.reagendamentos.at(-1)).toMatchObject({
      tipo: 'concurso_nao_realizado',
      concurso_anterior: a.concurso,
    });
  });
});

describe('public reads', () => {
  it('checks a série-número: in the file, left out, a winner, not issued; 400 and 404', async () => {
    const w = await world();
    const a = await schedule(w, { qtd_premios: 1 });
    const r = (await decide(a)).json<ResultadoApuracao>();
    const consulta = async (code: string) => {
      const res = await t.app.inject({
        url: `/v1/apuracoes/${a.id_apuracao}/bilhetes/${encodeURIComponent(code)}`,
      });
      return [res.statusCode, res.json()];
    };
    const winner = r.ganhadores[0].serie_numero;
    expect(await consulta(winner)).toEqual([
      200,
      { serie_numero: winner, no_arquivo: true, ganhador: true, premio: 1 },
    ]);
    const other = winner === '000-00000' ? '000-00001' : '000-00000';
    expect(await consulta(other)).toEqual([
      200,
      { serie_numero: other, no_arquivo: true, ganhador: false, premio: null },
    ]);
    expect(await consulta('0-2')).toEqual([
      200,
      { serie_numero: '000-00002', no_arquivo: false, ganhador: false, premio: null },
    ]); // voided #3
    expect(await consulta('000-00099')).toEqual([
      200,
      { serie_numero: '000-00099', no_arquivo: false, ganhador: false, premio: null },
    ]);
    expect(await consulta('abc')).toEqual([400, { erro: MSG_APURACAO.bilheteInvalido }]);
    const res = await t.app.inject({ url: '/v1/apuracoes/999999/bilhetes/000-00001' });
    expect([res.statusCode, res.json()]).toEqual([404, { erro: MSG_APURACAO.apuracaoNaoEncontrada }]);
    expect((await t.app.inject({ url: '/v1/apuracoes/999999' })).statusCode).toBe(404);
    expect((await download(999_999)).statusCode).toBe(404);
  });

  it('lists the city’s apurações, newest contest first, winners masked', async () => {
    const city = (await createCity(t.db)).cod_cidade;
    const w = await world(STANDARD, city);
    const sup = tokens.super;
    const cityAdmin = await sessionFor(
      t.db,
      (await createUser(t.db, { cod_cidade: city, admin: true })).id_usuario,
    );
    const post = async (concurso: { concurso: number; data_concurso: string }) => {
      const res = await agendar(sup, { ...agendamento(w.id_campanha), ...concurso });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Apuracao>();
    };
    const hoje = await post(concursoAhead());
    expect(
      (await resultByTwo(t.app, hoje.id_apuracao, hoje.data_concurso, [cityAdmin, sup], PREMIOS)).statusCode,
    ).toBe(200);
    // An instant draw of the city is public in the same list (no hidden re-draws).
    const instant = await t.app.inject({
      url: `/v1/adm/sorteio/${w.id_campanha}`,
      headers: { authorization: `Bearer ${sup}` },
    });
    expect(instant.statusCode, instant.body).toBe(200);
    // A ticket frozen in an agendada apuração is out of instant draws: this one comes after.
    const depois = await post(concursoAhead(2880 + 1440 * 8));
    const res = await t.app.inject({ url: `/v1/apuracoes?cod_cidade=${city}` });
    expect(res.statusCode).toBe(200);
    const list = res.json<ItemSorteioPublico[]>();
    const drawn = list.filter((i) => i.status !== 'aberto');
    expect(drawn.map((i) => [i.tipo, i.id_apuracao ?? i.id_registro, i.status])).toEqual([
      ['apuracao', depois.id_apuracao, 'agendada'],
      ['apuracao', hoje.id_apuracao, 'apurada'],
      ['instantaneo', instant.json<{ id_registro: number }>().id_registro, 'realizado'],
    ]);
    // The instant draw's data is its instant: its day on the programme's clock.
    expect([drawn[0].data, drawn[1].data, today(new Date(drawn[2].data))]).toEqual([
      depois.data_concurso,
      hoje.data_concurso,
      today(),
    ]);
    expect(drawn[2].ganhadores).toHaveLength(1);
    expect(drawn[2].ganhadores[0]).toMatchObject({ anulado: false, motivo_anulacao: null });
    expect(drawn[1]).toMatchObject({
      hash: hoje.hash_bilhetes,
      qtd_bilhetes: 7,
      concurso: hoje.concurso,
      id_registro: null,
    });
    expect(drawn[1].ganhadores).toHaveLength(1);
    expect(drawn[1].ganhadores[0].participante).toContain('*');
    expect((await t.app.inject({ url: `/v1/apuracoes?cod_cidade=${city2}` })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/v1/apuracoes' })).statusCode).toBe(400);
  });
});

describe('the draw minutes (GET /v1/adm/apuracoes/{id}/ata.pdf)', () => {
  it('gives the city’s admin a PDF; another city’s admin 403, an unknown apuração 404', async () => {
    const w = await world();
    const a = await schedule(w, { qtd_premios: 1 });
    const early = await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}/ata.pdf` });
    expect([early.statusCode, early.json()]).toEqual([409, { erro: MSG_APURACAO.apuracaoAindaSemResultado }]);
    const edital = await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}/edital.pdf` });
    expect(edital.statusCode, edital.body).toBe(200);
    expect(edital.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await decide(a)).statusCode).toBe(200);
    const pub = await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}/ata.pdf` });
    expect([pub.statusCode, pub.headers['content-type']]).toEqual([200, 'application/pdf']);
    const ata = (token: string, id: number) =>
      t.app.inject({ url: `/v1/adm/apuracoes/${id}/ata.pdf`, headers: { authorization: `Bearer ${token}` } });
    const res = await ata(tokens.admin1, a.id_apuracao);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="ata-apuracao-${a.id_apuracao}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await ata(tokens.admin2, a.id_apuracao)).statusCode).toBe(403);
    const missing = await ata(tokens.admin1, 999_999);
    expect([missing.statusCode, missing.json()]).toEqual([404, { erro: MSG_APURACAO.apuracaoNaoEncontrada }]);
  });
});

describe('my numbers (GET /v1/usuarios/numeros)', () => {
  it('lists the resident’s série-números by campaign, the apurações holding each, and a win', async () => {
    const w = await world();
    const a = await schedule(w, { qtd_premios: 7 }); // every frozen ticket wins
    await w.add([{ u: 'U1', s: 'A' }]); // #11, after the freeze
    expect((await decide(a)).statusCode).toBe(200);
    const b = await schedule(w, { ...concursoAhead(2880 + 1440 * 8), qtd_premios: 3 }); // holds #11 alone (a's winners are drawn)

    const token = await sessionFor(t.db, w.users.U1);
    const res = await t.app.inject({ url: '/v1/usuarios/numeros', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json<MeusNumeros>();
    expect(mine).toHaveLength(1);
    const ap = (id: number, status: 'agendada' | 'apurada') => {
      const x = id === a.id_apuracao ? a : b;
      return { id_apuracao: id, concurso: x.concurso, data_concurso: x.data_concurso, status };
    };
    expect(mine[0]).toEqual({
      id_campanha: w.id_campanha,
      den_campanha: w.den_campanha,
      numeros: [
        {
          serie_numero: '000-00000',
          anulado: false,
          apuracoes: [ap(a.id_apuracao, 'apurada')],
          ganhador: true,
          premio_anulado: false,
          doado_para: null,
        },
        {
          serie_numero: '000-00002',
          anulado: true,
          apuracoes: [],
          ganhador: false,
          premio_anulado: false,
          doado_para: null,
        },
        {
          serie_numero: '000-00005',
          anulado: false,
          apuracoes: [ap(a.id_apuracao, 'apurada')],
          ganhador: true,
          premio_anulado: false,
          doado_para: null,
        },
        {
          serie_numero: '000-00009',
          anulado: false,
          apuracoes: [ap(a.id_apuracao, 'apurada')],
          ganhador: true,
          premio_anulado: false,
          doado_para: null,
        },
        {
          serie_numero: '000-00010',
          anulado: false,
          apuracoes: [ap(b.id_apuracao, 'agendada')],
          ganhador: false,
          premio_anulado: false,
          doado_para: null,
        },
      ],
    });
    expect((await t.app.inject({ url: '/v1/usuarios/numeros' })).statusCode).toBe(401);
    const nobody = await t.app.inject({ url: '/v1/usuarios/numeros', headers: bearer(tokens.consumer) });
    expect(nobody.json()).toEqual([]);
  });
});
