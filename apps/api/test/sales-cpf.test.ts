import { MSG, MSG_VENDA, TITULO_COMPRAS_DO_CPF, formatCpf, maskCpf } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_PASSWORD,
  bearer,
  countRows,
  createSellingShop,
  createUser,
  day,
  newCpf,
  sessionFor,
} from './factories.js';
import { setClock } from '../src/lib/clock.js';
import { CPF_CARENCIA_JOB } from '../src/modules/sales/service.js';
import { useTestApp } from './helper.js';

/**
 * Issue 40: a sale by CPF. A CPF with an account credits it as a sale by name; one without
 * keeps the sale pending for that CPF (no coupons); the limits count per CPF. Issue 52: the
 * account must hold the CPF by a proof, or alone by declaration for CPF_CARENCIA_DIAS: a sale
 * waiting for a declared CPF is credited by the periodic job once the period ends; one a rule
 * refuses keeps waiting with its reason (it lapsed before).
 */
describe('sales by CPF (issue 40)', () => {
  const t = useTestApp();

  const sell = (
    s: Awaited<ReturnType<typeof createSellingShop>>,
    numero: string,
    cpf: string,
    valor = 300,
  ) => {
    const { id_usuario: _omitted, ...body } = s.sale(numero, -1, valor);
    return t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas/',
      headers: bearer(s.token),
      payload: { ...body, cpf },
    });
  };
  /** A sign-up with a CPF, `diasAtras` days ago on the programme's clock. */
  const registerAgo = async (cod_cidade: number, cpf: string, diasAtras: number) => {
    setClock(new Date(Date.now() - diasAtras * 86_400_000));
    try {
      return await register(cod_cidade, cpf);
    } finally {
      setClock(null);
    }
  };
  /** The waiting period's job, run now (or `diasAdiante` days ahead) through the queue. */
  const runJob = async (diasAdiante = 0) => {
    if (diasAdiante) setClock(new Date(Date.now() + diasAdiante * 86_400_000), { running: true });
    try {
      await t.app.jobs.enqueue(t.db, CPF_CARENCIA_JOB, {});
      await t.app.jobs.idle();
    } finally {
      setClock(null);
    }
  };
  const longCampaign = (id_campanha: number) =>
    t.db
      .updateTable('campanhas')
      .set({ validade_fim: day(90) })
      .where('id_campanha', '=', id_campanha)
      .execute();
  const register = (cod_cidade: number, cpf: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/registro',
      payload: {
        nome: 'Pessoa Nova',
        email: `nova.${Math.random().toString(36).slice(2)}@exemplo.com`,
        senha: CLIENT_PASSWORD,
        cod_cidade,
        cpf,
      },
    });
  const liveCoupons = async (id_venda: number) =>
    Number(
      (
        await t.db
          .selectFrom('cupons')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id_venda', '=', id_venda)
          .where('anulado_em', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const saleRow = (id_venda: number) =>
    t.db
      .selectFrom('vendas')
      .select(['id_usuario', 'cpf_busca', 'cpf_mascara', 'cpf_motivo'])
      .where('id_venda', '=', id_venda)
      .executeTakeFirstOrThrow();
  const messages = (id_usuario: number) =>
    t.db
      .selectFrom('usuario_notificacoes')
      .select(['title', 'body'])
      .where('id_usuario', '=', id_usuario)
      .execute();

  it('a CPF declared alone for the waiting period: the same answer as any CPF, and the account is credited behind it', async () => {
    const s = await createSellingShop(t.db, []);
    const cpf = newCpf();
    const reg = await registerAgo(s.city.cod_cidade, cpf, 31);
    expect(reg.statusCode, reg.body).toBe(201);
    const res = await sell(s, 'C1', formatCpf(cpf));
    expect(res.statusCode, res.body).toBe(201);
    // Issue 52: the sale and the CPF masked, nothing of its owner (no name, id, coupons, balance).
    expect(Object.keys(res.json()).sort()).toEqual(['cpf', 'id_venda']);
    expect(res.json().cpf).toBe(maskCpf(cpf));
    expect(res.body).not.toContain('Pessoa Nova');
    const { id_venda } = res.json();
    await t.app.jobs.idle();
    expect((await saleRow(id_venda)).id_usuario).toBe(reg.json().id_usuario);
    expect(await liveCoupons(id_venda)).toBe(3);
    expect((await messages(reg.json().id_usuario)).map((m) => m.title)).toEqual([TITULO_COMPRAS_DO_CPF]);
  });

  it('a CPF without an account keeps the sale pending for it, masked, with no coupons', async () => {
    const s = await createSellingShop(t.db, []);
    const cpf = newCpf();
    const coupons = await countRows(t.db, 'cupons');
    const res = await sell(s, 'P1', cpf);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id_venda: expect.any(Number), cpf: maskCpf(cpf) });
    const { id_venda } = res.json();
    expect(res.body).not.toContain(cpf);
    await t.app.jobs.idle();
    expect(await countRows(t.db, 'cupons')).toBe(coupons);
    const row = await saleRow(id_venda);
    expect(row.id_usuario).toBeNull();
    expect(row.cpf_busca).toMatch(/^[0-9a-f]{64}$/);
    expect(row.cpf_mascara).toBe(maskCpf(cpf));
    // The partner's list shows it as waiting for that CPF, masked.
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}`,
      headers: bearer(s.token),
    });
    expect(list.json()).toEqual([
      expect.objectContaining({
        id_venda,
        id_usuario: -1,
        pendente: true,
        pendente_cpf: true,
        cpf: maskCpf(cpf),
      }),
    ]);
    expect(list.body).not.toContain(cpf);
  });

  it('refuses a wrong CPF and a CPF beside a chosen recipient with 400, storing nothing', async () => {
    const s = await createSellingShop(t.db, ['Zé']);
    const before = await countRows(t.db, 'vendas');
    const wrong = await sell(s, 'X1', '123.456.789-00');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().erro).toContain(MSG.cpfInvalido);
    const both = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas/',
      headers: bearer(s.token),
      payload: { ...s.sale('X2', s.people[0], 100), cpf: newCpf() },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().erro).toBe(MSG_VENDA.destinatarioOuCpf);
    expect(await countRows(t.db, 'vendas')).toBe(before);
  });

  it('a declaration credits the waiting sales once its period ends, with coupons, and says how many; an ended campaign’s sale keeps waiting with its reason', async () => {
    const s = await createSellingShop(t.db, []);
    await longCampaign(s.id_campanha);
    const cpf = newCpf();
    const a = (await sell(s, 'W1', cpf, 300)).json().id_venda;
    const b = (await sell(s, 'W2', cpf, 200)).json().id_venda;
    // A third sale in a campaign that ends before the period does.
    const other = await createSellingShop(t.db, []);
    const c = (await sell(other, 'W3', cpf, 100)).json().id_venda;
    await t.db
      .updateTable('campanhas')
      .set({ validade_fim: day(-1) })
      .where('id_campanha', '=', other.id_campanha)
      .execute();

    const reg = await register(s.city.cod_cidade, formatCpf(cpf));
    expect(reg.statusCode, reg.body).toBe(201);
    const { id_usuario, token } = reg.json();
    // Issue 52: a fresh declaration collects nothing, not even after 29 days.
    expect((await saleRow(a)).id_usuario).toBeNull();
    await runJob(29);
    expect((await saleRow(a)).id_usuario).toBeNull();
    expect(await messages(id_usuario)).toEqual([]);

    await runJob(31);
    expect((await saleRow(a)).id_usuario).toBe(id_usuario);
    expect((await saleRow(b)).id_usuario).toBe(id_usuario);
    expect([await liveCoupons(a), await liveCoupons(b)]).toEqual([3, 2]);
    // It does not lapse: it keeps waiting for the CPF, with the refusal for the admins.
    expect(await saleRow(c)).toMatchObject({
      id_usuario: null,
      cpf_busca: expect.stringMatching(/^[0-9a-f]{64}$/),
      cpf_motivo: MSG_VENDA.campanhaEncerrada,
    });
    expect(await liveCoupons(c)).toBe(0);
    const [msg] = await messages(id_usuario);
    expect(msg.title).toBe(TITULO_COMPRAS_DO_CPF);
    expect(msg.body).toContain(
      '2 compras registradas com o seu CPF esperavam por você e foram creditadas: 5 cupons.',
    );
    expect(msg.body).toContain('1 compra não pôde ser creditada');
    // A second run credits nothing twice and tells nothing again.
    await runJob(32);
    expect(await messages(id_usuario)).toHaveLength(1);
    // The person's coupons are there.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/v1/usuarios/cupons?cod_cidade=${s.city.cod_cidade}`,
      headers: bearer(token),
    });
    expect(mine.json().flatMap((x: { cupons: unknown[] }) => x.cupons)).toHaveLength(5);
  });

  it('sign-ups racing for one CPF: each declares it, and none collects (issue 52)', async () => {
    const s = await createSellingShop(t.db, []);
    await longCampaign(s.id_campanha);
    const cpf = newCpf();
    const sale = (await sell(s, 'R1', cpf, 400)).json().id_venda;
    const answers = await Promise.all(Array.from({ length: 4 }, () => register(s.city.cod_cidade, cpf)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    await runJob(31);
    expect((await saleRow(sale)).id_usuario).toBeNull();
    expect(await liveCoupons(sale)).toBe(0);
  });

  it('giving the CPF in the profile declares it: its waiting sales are credited after the period', async () => {
    const s = await createSellingShop(t.db, []);
    await longCampaign(s.id_campanha);
    const cpf = newCpf();
    const sale = (await sell(s, 'F1', cpf, 200)).json().id_venda;
    const me = await createUser(t.db, { cod_cidade: s.city.cod_cidade });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/usuarios',
      headers: bearer(await sessionFor(t.db, me.id_usuario)),
      payload: { cpf },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await saleRow(sale)).id_usuario).toBeNull();
    await runJob(31);
    expect((await saleRow(sale)).id_usuario).toBe(me.id_usuario);
    expect(await liveCoupons(sale)).toBe(2);
    expect((await messages(me.id_usuario)).map((m) => m.title)).toEqual([TITULO_COMPRAS_DO_CPF]);
  });

  it('the day limits count per CPF for waiting sales', async () => {
    const s = await createSellingShop(t.db, []);
    await t.db
      .updateTable('campanhas')
      .set({ limite_vendas_dia_loja: 1 })
      .where('id_campanha', '=', s.id_campanha)
      .execute();
    const cpf = newCpf();
    expect((await sell(s, 'L1', cpf)).statusCode).toBe(201);
    const second = await sell(s, 'L2', formatCpf(cpf));
    expect(second.statusCode).toBe(409);
    expect(second.json().erro).toBe(MSG_VENDA.limiteVendasDiaLoja.replace('{n}', '1'));
    // Another CPF is another person.
    expect((await sell(s, 'L3', newCpf())).statusCode).toBe(201);
  });
});
