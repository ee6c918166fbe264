import {
  MSG,
  MSG_VENDA,
  TEXTO_CPF_REMOVIDO,
  TITULO_COMPRAS_DO_CPF,
  TITULO_CPF_REMOVIDO,
  TITULO_CPF_TRANSFERIDO,
  formatCpf,
} from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { nowIso, setClock } from '../src/lib/clock.js';
import { CPF_CARENCIA_JOB } from '../src/modules/sales/service.js';
import { proveCpf, type ComprovadoPor } from '../src/modules/users/cpf-identity.js';
import {
  CLIENT_PASSWORD,
  bearer,
  createSellingShop,
  createUser,
  day,
  newCpf,
  sessionFor,
} from './factories.js';
import { useTestApp } from './helper.js';

const DAY_MS = 86_400_000;

/**
 * Issue 52: a CPF typed by a person is declared; it collects counter sales only when proven,
 * or declared by one account alone for CPF_CARENCIA_DIAS (30) without change. A declaration
 * blocks nobody (no 409, no oracle); a CPF changes once in 90 days; a proof removes the other
 * declarations, and gov.br outranks a photo, reversing the credits made under it.
 */
describe('a CPF is declared or proven (issue 52)', () => {
  const t = useTestApp();

  type Shop = Awaited<ReturnType<typeof createSellingShop>>;
  const shop = async (): Promise<Shop> => {
    const s = await createSellingShop(t.db, []);
    // Long enough for the clock to walk past the waiting period.
    await t.db
      .updateTable('campanhas')
      .set({ validade_fim: day(120) })
      .where('id_campanha', '=', s.id_campanha)
      .execute();
    return s;
  };
  const sell = async (s: Shop, numero: string, cpf: string, valor = 300): Promise<number> => {
    const { id_usuario: _omitted, ...body } = s.sale(numero, -1, valor);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas/',
      headers: bearer(s.token),
      payload: { ...body, cpf },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Issue 52: a sale by CPF is credited behind its answer, by a job.
    await t.app.jobs.idle();
    return res.json().id_venda as number;
  };
  const register = (cod_cidade: number, cpf?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/registro',
      payload: {
        nome: 'Pessoa',
        email: `p.${Math.random().toString(36).slice(2)}@exemplo.com`,
        senha: CLIENT_PASSWORD,
        cod_cidade,
        ...(cpf ? { cpf } : {}),
      },
    });
  /** Runs `fn` with the programme's clock `dias` days from now (negative: in the past). */
  const at = async <T>(dias: number, fn: () => Promise<T>): Promise<T> => {
    setClock(new Date(Date.now() + dias * DAY_MS), { running: true });
    try {
      return await fn();
    } finally {
      setClock(null);
    }
  };
  const runJob = () =>
    (async () => {
      await t.app.jobs.enqueue(t.db, CPF_CARENCIA_JOB, {});
      await t.app.jobs.idle();
    })();
  const patchCpf = async (id_usuario: number, cpf: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/v1/usuarios',
      headers: bearer(await sessionFor(t.db, id_usuario)),
      payload: { cpf },
    });
  const saleRow = (id_venda: number) =>
    t.db
      .selectFrom('vendas')
      .select(['id_usuario', 'cpf_busca', 'cpf_motivo', 'cpf_creditada_via'])
      .where('id_venda', '=', id_venda)
      .executeTakeFirstOrThrow();
  const liveCoupons = async (id_venda: number) =>
    (
      await t.db
        .selectFrom('cupons')
        .select('id_cupom')
        .where('id_venda', '=', id_venda)
        .where('anulado_em', 'is', null)
        .execute()
    ).length;
  const titles = async (id_usuario: number) =>
    (
      await t.db
        .selectFrom('usuario_notificacoes')
        .select('title')
        .where('id_usuario', '=', id_usuario)
        .orderBy('id_message')
        .execute()
    ).map((m) => m.title);
  const holds = (id_usuario: number) =>
    t.db
      .selectFrom('usuarios')
      .select(['cpf_busca', 'cpf_situacao', 'cpf_comprovado_por'])
      .where('id_usuario', '=', id_usuario)
      .executeTakeFirstOrThrow();
  const audits = (acao: string) =>
    t.db.selectFrom('auditoria').select(['id_usuario', 'id_entidade']).where('acao', '=', acao).execute();
  const prove = (id_usuario: number, cpf: string, via: ComprovadoPor) =>
    proveCpf(t.app.services.users.cpfProof, {
      idUsuario: id_usuario,
      cpfBusca: t.app.cpf.lookup(cpf),
      cpfCifrado: t.app.cpf.seal(cpf),
      via,
      ip: '127.0.0.1',
      at: nowIso(),
    });

  it('the attack: another person’s CPF collects nothing, changing it again sweeps nothing, the real owner gets no 409', async () => {
    const s = await shop();
    const victim = newCpf();
    const waiting = await sell(s, 'A1', victim);
    const other = newCpf();
    const otherSale = await sell(s, 'A2', other);
    const attacker = await createUser(t.db, { cod_cidade: s.city.cod_cidade });

    const set = await patchCpf(attacker.id_usuario, victim);
    expect(set.statusCode, set.body).toBe(200);
    expect((await saleRow(waiting)).id_usuario).toBeNull();
    // Changing it again to sweep another CPF: refused for 90 days, nothing collected.
    const again = await patchCpf(attacker.id_usuario, other);
    expect(again.statusCode).toBe(409);
    expect(again.json().erro).toBe(MSG.cpfTrocaRecente);
    expect((await saleRow(otherSale)).id_usuario).toBeNull();

    // The real owner signs up with it: declared, no 409.
    const owner = await register(s.city.cod_cidade, formatCpf(victim));
    expect(owner.statusCode, owner.body).toBe(201);
    // Two declarations: nobody collects, not even after the period.
    await at(31, runJob);
    expect((await saleRow(waiting)).id_usuario).toBeNull();
    expect(await liveCoupons(waiting)).toBe(0);
    // A new sale to that CPF waits too.
    expect((await saleRow(await sell(s, 'A3', victim))).id_usuario).toBeNull();
    // The owner proves it: the attacker's declaration goes, and the sales are the owner's.
    await prove(owner.json().id_usuario, victim, 'govbr');
    expect((await saleRow(waiting)).id_usuario).toBe(owner.json().id_usuario);
    expect(await holds(attacker.id_usuario)).toMatchObject({ cpf_busca: null, cpf_situacao: '' });
  });

  it('a declaration alone collects after CPF_CARENCIA_DIAS, not before, without anyone acting', async () => {
    const s = await shop();
    const cpf = newCpf();
    const sale = await sell(s, 'C1', cpf, 200);
    const reg = await register(s.city.cod_cidade, cpf);
    const id = reg.json().id_usuario as number;
    const profile = (
      await t.app.inject({ method: 'GET', url: `/v1/usuarios/${id}`, headers: bearer(reg.json().token) })
    ).json()[0];
    expect(profile.cpf_situacao).toBe('declarado');
    expect(Date.parse(profile.cpf_carencia_ate) - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    await at(29, runJob);
    expect((await saleRow(sale)).id_usuario).toBeNull();
    await at(30.01, runJob);
    expect(await saleRow(sale)).toMatchObject({ id_usuario: id, cpf_creditada_via: 'declarado' });
    expect(await liveCoupons(sale)).toBe(2);
    expect(await titles(id)).toEqual([TITULO_COMPRAS_DO_CPF]);
  });

  it('a second declaration stops the crediting until one of them proves it', async () => {
    const s = await shop();
    const cpf = newCpf();
    const first = await at(-40, () => register(s.city.cod_cidade, cpf));
    const id = first.json().id_usuario as number;
    // Alone for 40 days: a sale by that CPF is credited at once.
    expect((await saleRow(await sell(s, 'S1', cpf))).id_usuario).toBe(id);
    const second = await register(s.city.cod_cidade, cpf);
    expect(second.statusCode).toBe(201);
    const waits = await sell(s, 'S2', cpf);
    expect((await saleRow(waits)).id_usuario).toBeNull();
    await at(31, runJob);
    expect((await saleRow(waits)).id_usuario).toBeNull();
    // The first proves it by a photo: the second's declaration goes, the sale is the first's.
    await prove(id, cpf, 'foto');
    expect(await saleRow(waits)).toMatchObject({ id_usuario: id, cpf_creditada_via: 'foto' });
  });

  it('a proof removes the other declarations, each with a notification and an audit entry', async () => {
    const s = await shop();
    const cpf = newCpf();
    const a = (await register(s.city.cod_cidade, cpf)).json().id_usuario as number;
    const b = (await register(s.city.cod_cidade, formatCpf(cpf))).json().id_usuario as number;
    const c = (await register(s.city.cod_cidade)).json().id_usuario as number;
    const sale = await sell(s, 'P1', cpf, 400);
    const proven = await prove(c, cpf, 'govbr');
    expect(proven.declaracoesRemovidas.sort()).toEqual([a, b].sort());
    for (const id of [a, b]) {
      expect(await holds(id)).toEqual({ cpf_busca: null, cpf_situacao: '', cpf_comprovado_por: null });
      expect(await titles(id)).toEqual([TITULO_CPF_REMOVIDO]);
    }
    const [msg] = await t.db
      .selectFrom('usuario_notificacoes')
      .select('body')
      .where('id_usuario', '=', a)
      .execute();
    expect(msg!.body).toBe(TEXTO_CPF_REMOVIDO);
    const removed = (await audits('remover_declaracao_cpf')).filter((r) =>
      [a, b].includes(Number(r.id_entidade)),
    );
    expect(removed).toHaveLength(2);
    expect(removed.every((r) => r.id_usuario === c)).toBe(true);
    expect(await holds(c)).toMatchObject({ cpf_situacao: 'comprovado', cpf_comprovado_por: 'govbr' });
    expect(await saleRow(sale)).toMatchObject({ id_usuario: c, cpf_creditada_via: 'govbr' });
    // A proven CPF is the person's for good; declaring it elsewhere blocks nothing and collects nothing.
    const change = await patchCpf(c, newCpf());
    expect([change.statusCode, change.json().erro]).toEqual([409, MSG.cpfComprovadoFixo]);
    const remove = await patchCpf(c, '');
    expect([remove.statusCode, remove.json().erro]).toEqual([409, MSG.cpfComprovadoFixo]);
    const late = await register(s.city.cod_cidade, cpf);
    expect(late.statusCode).toBe(201);
    expect((await saleRow(await sell(s, 'P2', cpf))).id_usuario).toBe(c);
  });

  it('gov.br outranks a photo: the CPF moves, the photo’s credits are reversed (drawn ones stay) and go to the new holder', async () => {
    const s = await shop();
    const cpf = newCpf();
    const [x, y, z] = [
      await sell(s, 'G1', cpf, 300),
      await sell(s, 'G2', cpf, 200),
      await sell(s, 'G3', cpf, 100),
    ];
    const photo = (await register(s.city.cod_cidade)).json().id_usuario as number;
    await prove(photo, cpf, 'foto');
    for (const v of [x, y, z])
      expect(await saleRow(v)).toMatchObject({ id_usuario: photo, cpf_creditada_via: 'foto' });
    // A coupon of x was drawn: that credit stays.
    await t.db.updateTable('cupons').set({ sorteado_em: nowIso() }).where('id_venda', '=', x).execute();

    const govbr = (await register(s.city.cod_cidade)).json().id_usuario as number;
    const r = await prove(govbr, cpf, 'govbr');
    expect(r.tomadoDe).toBe(photo);
    expect(await holds(photo)).toMatchObject({ cpf_busca: null, cpf_situacao: '' });
    expect(await holds(govbr)).toMatchObject({ cpf_situacao: 'comprovado', cpf_comprovado_por: 'govbr' });
    expect(await saleRow(y)).toMatchObject({ id_usuario: govbr, cpf_creditada_via: 'govbr' });
    expect(await saleRow(z)).toMatchObject({ id_usuario: govbr, cpf_creditada_via: 'govbr' });
    expect(await saleRow(x)).toMatchObject({ id_usuario: photo, cpf_creditada_via: null });
    // The photo holder's points of y and z left: only x's coupons remain theirs.
    const theirs = await t.db
      .selectFrom('cupons')
      .select('id_venda')
      .where('id_usuario', '=', photo)
      .where('anulado_em', 'is', null)
      .execute();
    expect(theirs.map((c) => c.id_venda)).toEqual([x, x, x]);
    expect([await liveCoupons(y), await liveCoupons(z)]).toEqual([2, 1]);
    expect(await titles(photo)).toContain(TITULO_CPF_TRANSFERIDO);
    expect(await titles(govbr)).toContain(TITULO_COMPRAS_DO_CPF);
    const reversed = (await audits('estornar_credito_cpf')).map((a) => Number(a.id_entidade));
    expect(reversed).toEqual(expect.arrayContaining([y, z]));
    expect(reversed).not.toContain(x);
    expect((await audits('transferir_cpf')).map((a) => Number(a.id_entidade))).toContain(photo);
    // A photo proof of a CPF gov.br proved is refused.
    await expect(
      prove((await register(s.city.cod_cidade)).json().id_usuario, cpf, 'foto'),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('a refused waiting sale keeps its reason, shown to the admin, and is credited when the rule allows', async () => {
    const s = await shop();
    const cpf = newCpf();
    const sale = await sell(s, 'M1', cpf);
    await t.db
      .updateTable('campanhas')
      .set({ validade_fim: day(-1) })
      .where('id_campanha', '=', s.id_campanha)
      .execute();
    const holder = (await register(s.city.cod_cidade)).json().id_usuario as number;
    await prove(holder, cpf, 'foto');
    expect(await saleRow(sale)).toMatchObject({ id_usuario: null, cpf_motivo: MSG_VENDA.campanhaEncerrada });
    const admin = await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true });
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/adm/vendas?cod_cidade=${s.city.cod_cidade}`,
      headers: bearer(await sessionFor(t.db, admin.id_usuario)),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id_venda: sale, pendente: true, cpf_motivo: MSG_VENDA.campanhaEncerrada }),
    ]);
    // The admin's sales screen reads the shop's list: the reason is there too.
    const screenList = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}`,
      headers: bearer(await sessionFor(t.db, admin.id_usuario)),
    });
    expect(screenList.statusCode, screenList.body).toBe(200);
    expect(screenList.json()).toEqual([
      expect.objectContaining({ id_venda: sale, cpf_motivo: MSG_VENDA.campanhaEncerrada }),
    ]);
    // The partner is not told why (it would learn that the CPF has an account).
    const partner = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}`,
      headers: bearer(s.token),
    });
    expect(partner.body).not.toContain('cpf_motivo');
    // The campaign runs again: the next look at the CPF credits it and forgets the reason.
    await t.db
      .updateTable('campanhas')
      .set({ validade_fim: day(120) })
      .where('id_campanha', '=', s.id_campanha)
      .execute();
    await t.app.services.users.creditCpf(holder, t.app.cpf.lookup(cpf), '');
    expect(await saleRow(sale)).toMatchObject({ id_usuario: holder, cpf_motivo: null });
  });

  it('a CPF changes once every 90 days; setting the first is no change; removing and typing another is one', async () => {
    const s = await shop();
    const me = await createUser(t.db, { cod_cidade: s.city.cod_cidade });
    const first = newCpf();
    expect((await patchCpf(me.id_usuario, first)).statusCode).toBe(200);
    const soon = await patchCpf(me.id_usuario, newCpf());
    expect([soon.statusCode, soon.json().erro]).toEqual([409, MSG.cpfTrocaRecente]);
    expect((await patchCpf(me.id_usuario, '')).statusCode).toBe(200);
    const after = await patchCpf(me.id_usuario, newCpf());
    expect([after.statusCode, after.json().erro]).toEqual([409, MSG.cpfTrocaRecente]);
    await at(89, async () => expect((await patchCpf(me.id_usuario, newCpf())).statusCode).toBe(409));
    const second = newCpf();
    await at(91, async () => {
      const ok = await patchCpf(me.id_usuario, formatCpf(second));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ cpf: formatCpf(second), cpf_situacao: 'declarado' });
    });
  });

  it('no oracle: registration and profile answer alike for an unknown, a declared and a proven CPF', async () => {
    const s = await shop();
    const declared = newCpf();
    expect((await register(s.city.cod_cidade, declared)).statusCode).toBe(201);
    const proven = newCpf();
    await prove((await register(s.city.cod_cidade)).json().id_usuario, proven, 'govbr');
    const shapes = [];
    for (const cpf of [newCpf(), declared, proven]) {
      const reg = await register(s.city.cod_cidade, cpf);
      const me = await createUser(t.db, { cod_cidade: s.city.cod_cidade });
      const patch = await patchCpf(me.id_usuario, cpf);
      shapes.push([
        reg.statusCode,
        Object.keys(reg.json()).sort(),
        patch.statusCode,
        Object.keys(patch.json()).sort(),
        patch.json().cpf_situacao,
      ]);
    }
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(shapes[0]![0]).toBe(201);
    expect(shapes[0]![2]).toBe(200);
  });
});
