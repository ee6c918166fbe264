import {
  MSG_ADMIN,
  MSG_ENTIDADE,
  MSG_ESCOLHA,
  MSG_SORTEIO,
  type Apuracao,
  type EntidadePublica,
  type EscolhaEntidade,
  type ResultadoApuracao,
} from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { BilhetesFileReader, titularDe } from '../src/modules/apuracoes/rule.js';
import { qrKey } from '../src/lib/qr-key.js';
import { bearer, createCity, createEntity, createSellingShop, createUser, sessionFor } from './factories.js';
import { agendamento, resultByTwo } from './apuracao-helpers.js';
import { useTestApp } from './helper.js';

/**
 * Issue 40, decisions 051 and 052: a social entity holds the coupons given to it (and its share
 * of a campaign's coupons) in the draws as one holder: the instant draw, the apuração's ticket
 * file and its result, the prize going to the entity's account.
 */
const t = useTestApp();

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

/**
 * A shop selling in a fresh campaign to Ana, Bruno and Carla (coupons: value / 100), an entity
 * of the city, and the city's admin.
 */
async function world() {
  const s = await createSellingShop(t.db, ['Ana', 'Bruno', 'Carla']);
  const entity = await createEntity(t.db, s.city.cod_cidade, 'Abrigo Esperança');
  const admin = await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true });
  const adminToken = await sessionFor(t.db, admin.id_usuario);
  let seq = 0;
  const sell = async (id_usuario: number, valor: number) => {
    const res = await inject('POST', '/v1/parceiro/vendas/', s.token, s.sale(`T${++seq}`, id_usuario, valor));
    expect(res.statusCode, res.body).toBe(201);
  };
  const give = async (id_usuario: number, modo: 'todos' | 'futuros') => {
    const res = await inject('POST', '/v1/usuarios/doacoes', await sessionFor(t.db, id_usuario), {
      id_campanha: s.id_campanha,
      id_entidade: entity.id_entidade,
      modo,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const entityCoupons = async () => {
    const res = await inject('GET', `/v1/entidades?cod_cidade=${s.city.cod_cidade}`);
    expect(res.statusCode).toBe(200);
    const e = res.json<EntidadePublica[]>().find((x) => x.id_entidade === entity.id_entidade)!;
    return e;
  };
  return { ...s, entity, adminToken, sell, give, entityCoupons };
}

describe('the instant draw treats an entity as one holder', () => {
  it('a prize drawn from given coupons goes to the entity; with musuario=N the entity wins once', async () => {
    const w = await world();
    const [ana, bruno, carla] = w.people;
    await w.sell(ana, 300); // 3 coupons, all given
    await w.sell(carla, 200); // 2 coupons, all given
    await w.sell(bruno, 100); // 1 coupon, Bruno's own
    await w.give(ana, 'todos');
    await w.give(carla, 'todos');

    // Draw until nothing is eligible: with musuario=N each holder wins once, so exactly two
    // prizes (the entity's, whichever of its 5 coupons, and Bruno's), then 400.
    const winners: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await inject('GET', `/v1/adm/sorteio/${w.id_campanha}?musuario=N`, w.adminToken);
      if (i < 2) {
        expect(res.statusCode, res.body).toBe(200);
        winners.push(res.json<{ id_usuario: number }>().id_usuario);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json().erro).toBe(MSG_SORTEIO.semCuponsElegiveis);
      }
    }
    expect(winners.sort()).toEqual([w.entity.account.id_usuario, bruno].sort());
    const rows = await t.db
      .selectFrom('contemplados')
      .select('id_usuario')
      .where('id_campanha', '=', w.id_campanha)
      .execute();
    expect(rows.map((r) => r.id_usuario).sort()).toEqual(winners);
    // The entity's public page lists its prize; the ledger still credits the earners.
    const e = await w.entityCoupons();
    expect(e.cupons).toBe(5);
    expect(e.premios).toHaveLength(1);
    const earners = await t.db
      .selectFrom('cupons')
      .select(['id_usuario', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('id_campanha', '=', w.id_campanha)
      .groupBy('id_usuario')
      .execute();
    expect(Object.fromEntries(earners.map((r) => [r.id_usuario, Number(r.n)]))).toEqual({
      [ana]: 3,
      [bruno]: 1,
      [carla]: 2,
    });
  });

  it("'futuros' gives only the coupons issued after the gift: the earlier ones stay the resident's", async () => {
    const w = await world();
    const [ana] = w.people;
    await w.sell(ana, 200); // 2 coupons before the gift
    await w.give(ana, 'futuros');
    await w.sell(ana, 100); // 1 coupon, given
    expect((await w.entityCoupons()).cupons).toBe(1);
    const winners: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await inject('GET', `/v1/adm/sorteio/${w.id_campanha}?musuario=N`, w.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      winners.push(res.json<{ id_usuario: number }>().id_usuario);
    }
    expect(winners.sort()).toEqual([w.entity.account.id_usuario, ana].sort());
    const third = await inject('GET', `/v1/adm/sorteio/${w.id_campanha}?musuario=N`, w.adminToken);
    expect(third.statusCode).toBe(400);
  });
});

describe('the apuração names the entity as the holder of given coupons', () => {
  it("the ticket file shows the entity's pseudonym for given coupons and the prize goes to it", async () => {
    const w = await world();
    const [ana, bruno, carla] = w.people;
    await w.sell(ana, 300);
    await w.sell(bruno, 100);
    await w.sell(carla, 200);
    await w.give(ana, 'todos');
    await w.give(carla, 'todos');
    const res = await inject(
      'POST',
      '/v1/adm/apuracoes',
      w.adminToken,
      agendamento(w.id_campanha, { qtd_premios: 2, musuario: 'N' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<Apuracao>();
    const reader = new BilhetesFileReader();
    reader.feed((await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}/bilhetes.csv` })).rawPayload);
    const { bilhetes } = reader.end();
    const secret = await qrKey(t.db, t.config.QR_SECRET)();
    const of = (id: number) => titularDe(secret, a.id_apuracao, id);
    const titulares = Array.from({ length: bilhetes.length }, (_, i) => bilhetes.bilhete(i).titular);
    expect(titulares.filter((x) => x === of(w.entity.account.id_usuario))).toHaveLength(5);
    expect(titulares.filter((x) => x === of(bruno))).toHaveLength(1);
    expect(titulares).not.toContain(of(ana));
    expect(titulares).not.toContain(of(carla));

    // Two prizes with musuario=N among two holders: the entity and Bruno, whatever the numbers.
    const second = await createUser(t.db, { cod_cidade: w.city.cod_cidade, admin: true });
    const r = await resultByTwo(
      t.app,
      a.id_apuracao,
      a.data_concurso,
      [w.adminToken, await sessionFor(t.db, second.id_usuario)],
      ['12345', '67890', '11111', '22222', '33333'],
    );
    expect(r.statusCode, r.body).toBe(200);
    const ganhadores = r.json<ResultadoApuracao>().ganhadores;
    expect(ganhadores.map((g) => g.id_usuario).sort()).toEqual([w.entity.account.id_usuario, bruno].sort());
    const won = ganhadores.find((g) => g.id_usuario === w.entity.account.id_usuario)!;
    expect(won.titular).toBe(of(w.entity.account.id_usuario));
  });
});

describe("the campaign's share for the chosen entity (pct_entidade)", () => {
  it('gives that share of every sale to the entity the resident chose, from the choice on', async () => {
    const w = await world();
    const [ana, bruno] = w.people;
    // 0 by default, shown to the admin; set to 50 % before the first sale.
    const detail = await inject('GET', `/v1/adm/campanhas/${w.id_campanha}`, w.adminToken);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().pct_entidade).toBe(0);
    const set = await inject('PATCH', `/v1/adm/campanhas/${w.id_campanha}`, w.adminToken, {
      pct_entidade: 50,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().pct_entidade).toBe(50);

    await w.sell(ana, 400); // before Ana's choice: 4 coupons, all hers
    const anaToken = await sessionFor(t.db, ana);
    expect((await inject('GET', '/v1/usuarios/entidade', anaToken)).json<EscolhaEntidade>()).toEqual({
      id_entidade: null,
      nome_entidade: null,
      desde: null,
    });
    const chose = await inject('PUT', '/v1/usuarios/entidade', anaToken, {
      id_entidade: w.entity.id_entidade,
    });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json<EscolhaEntidade>()).toMatchObject({
      id_entidade: w.entity.id_entidade,
      nome_entidade: 'Abrigo Esperança',
    });
    await w.sell(ana, 600); // 6 consecutive coupons: 3 to the entity
    await w.sell(bruno, 400); // Bruno chose nothing: all his
    expect((await w.entityCoupons()).cupons).toBe(3);

    // Ana chooses none: her next coupons stay hers, the 3 already given stay given.
    const none = await inject('PUT', '/v1/usuarios/entidade', anaToken, { id_entidade: null });
    expect(none.statusCode).toBe(200);
    await w.sell(ana, 400);
    expect((await w.entityCoupons()).cupons).toBe(3);

    // The share is a rule of the promotion: once there are sales it no longer changes.
    const late = await inject('PATCH', `/v1/adm/campanhas/${w.id_campanha}`, w.adminToken, {
      pct_entidade: 20,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().erro).toBe(MSG_ADMIN.pctEntidadeFixo);
    const bad = await inject('PATCH', `/v1/adm/campanhas/${w.id_campanha}`, w.adminToken, {
      pct_entidade: 101,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().erro).toContain(MSG_ADMIN.pctEntidadeInvalido);

    // Audited.
    const audit = await t.db
      .selectFrom('auditoria')
      .select('acao')
      .where('entidade', '=', 'entidade_escolhida')
      .where('id_entidade', '=', String(ana))
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses an unknown entity (404), one of another city (400) and an entity account (403)', async () => {
    const w = await world();
    const [ana] = w.people;
    const anaToken = await sessionFor(t.db, ana);
    const far = await createEntity(t.db, (await createCity(t.db)).cod_cidade);
    const unknown = await inject('PUT', '/v1/usuarios/entidade', anaToken, { id_entidade: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().erro).toBe(MSG_ENTIDADE.entidadeNaoEncontrada);
    const other = await inject('PUT', '/v1/usuarios/entidade', anaToken, { id_entidade: far.id_entidade });
    expect(other.statusCode).toBe(400);
    expect(other.json().erro).toBe(MSG_ESCOLHA.outraCidade);
    const entityToken = await sessionFor(t.db, w.entity.account.id_usuario);
    const own = await inject('PUT', '/v1/usuarios/entidade', entityToken, {
      id_entidade: w.entity.id_entidade,
    });
    expect(own.statusCode).toBe(403);
    const anon = await inject('PUT', '/v1/usuarios/entidade', undefined, {
      id_entidade: w.entity.id_entidade,
    });
    expect(anon.statusCode).toBe(401);
    const stored = await t.db
      .selectFrom('escolhas_entidade')
      .select('id')
      .where('id_usuario', 'in', [ana, w.entity.account.id_usuario])
      .execute();
    expect(stored).toHaveLength(0);
  });
});
