import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  MSG_APURACAO,
  formatCouponCode,
  type AgendamentoApuracao,
  type Apuracao,
  type MeusNumeros,
  type ResultadoApuracao,
} from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/lib/clock.js';
import {
  dataDoConcurso,
  instanteDoConcurso,
  parseDias,
  parseReferencia,
  proximoConcurso,
} from '../src/modules/apuracoes/calendario.js';
import { afterConcurso, agendamento, concursoAhead, instantOf } from './apuracao-helpers.js';
import { bearer, createCity, createSellingShop, createUser, sessionFor } from './factories.js';
import { createTestApp, useTestApp, type TestApp } from './helper.js';

/**
 * Issue 49, fair draws: the contest's number and instant by the calendar, the notice period,
 * one agendada apuração per campaign, the result by two people after the instant, substitutes
 * from a later contest, the freeze's e-mail, publications, the rate-limited file, and
 * verify-draw agreeing with the API.
 */

const t = useTestApp();
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const PREMIOS = ['48213', '05977', '61350', '29086', '73552'];

/** Three super-admins: any city's apurações, three different people. */
let admin = '';
let second = '';
let other = '';

/** A campaign of a new city with `n` coupons over three people, sold for real (one coupon a sale). */
async function campaign(n = 12) {
  const s = await createSellingShop(t.db, ['Ana Souza', 'Bruno Lima', 'Carla Dias']);
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas/',
      headers: bearer(s.token),
      payload: s.sale(`J${s.id_campanha}-${i}`, s.people[i % 3], 100),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return s;
}

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function schedule(id_campanha: number, over: object = {}): Promise<AgendamentoApuracao> {
  const res = await post(admin, '/v1/adm/apuracoes', {
    ...agendamento(id_campanha, { qtd_premios: 2 }),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AgendamentoApuracao>();
}

/** The e-mails the app wrote to its outbox, once the background jobs are done. */
async function outbox(): Promise<{ to: string; text: string }[]> {
  await t.app.jobs.idle();
  return fs
    .readdirSync(t.config.outboxDir)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        JSON.parse(fs.readFileSync(path.join(t.config.outboxDir, f), 'utf8')) as { to: string; text: string },
    );
}

const record = async (id: number) => (await t.app.inject({ url: `/v1/apuracoes/${id}` })).json<Apuracao>();
const resultado = (token: string, id: number, premios: string[], concurso?: number) =>
  post(token, `/v1/adm/apuracoes/${id}/resultado`, { premios, ...(concurso ? { concurso } : {}) });

beforeAll(async () => {
  const city = (await createCity(t.db)).cod_cidade;
  const su = async () =>
    sessionFor(
      t.db,
      (await createUser(t.db, { cod_cidade: city, admin: true, superadmin: true })).id_usuario,
    );
  [admin, second, other] = [await su(), await su(), await su()];
});

describe('the Loteria Federal calendar', () => {
  const cal = { ...parseReferencia('2900:2026-01-03')!, dias: parseDias('qua,sab') };
  it('gives each number its date from the anchor and the draw weekdays, both ways', () => {
    expect(dataDoConcurso(cal, 2900)).toBe('2026-01-03'); // Saturday
    expect(dataDoConcurso(cal, 2901)).toBe('2026-01-07'); // Wednesday
    expect(dataDoConcurso(cal, 2902)).toBe('2026-01-10');
    expect(dataDoConcurso(cal, 2899)).toBe('2025-12-31');
    expect(dataDoConcurso(cal, 2898)).toBe('2025-12-27');
    expect(dataDoConcurso(cal, 2900 + 104)).toBe('2027-01-02'); // a year of Wednesdays and Saturdays
    expect(dataDoConcurso(cal, 999_999)).toBe(''); // past year 9999: no date
    expect(parseDias('Quarta, SÁBADO')).toEqual([3, 6]);
    expect(() => parseDias('qua,xyz')).toThrow();
    expect(parseReferencia('2900:2026-02-30')).toBeNull();
  });
  it('the next contest at or after an instant: its day at 19:00 in São Paulo (UTC−3)', () => {
    expect(instanteDoConcurso('2026-01-03', '19:00').toISOString()).toBe('2026-01-03T22:00:00.000Z');
    expect(proximoConcurso(cal, '19:00', new Date('2026-01-03T21:59:00Z'))).toEqual({
      concurso: 2900,
      data_concurso: '2026-01-03',
    });
    expect(proximoConcurso(cal, '19:00', new Date('2026-01-03T22:00:01Z'))).toEqual({
      concurso: 2901,
      data_concurso: '2026-01-07',
    });
    expect(proximoConcurso(cal, '19:00', new Date('2027-06-01T12:00:00Z')).data_concurso).toBe('2027-06-02');
  });
});

describe('scheduling (issue 49)', () => {
  it('a number that does not match its date is 400, unless a written exception (public and audited)', async () => {
    const c = await campaign(4);
    const next = concursoAhead();
    let res = await post(admin, '/v1/adm/apuracoes', {
      ...agendamento(c.id_campanha),
      concurso: next.concurso - 1,
    });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.concursoNaoConfere }]);
    res = await post(admin, '/v1/adm/apuracoes', {
      ...agendamento(c.id_campanha),
      concurso: next.concurso - 1,
      excecao_motivo: 'curto',
    });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.excecaoMotivoInvalido }]);
    expect(
      await t.db
        .selectFrom('apuracoes')
        .select('id_apuracao')
        .where('id_campanha', '=', c.id_campanha)
        .execute(),
    ).toEqual([]);
    const excecao = 'Feriado de Natal: a Caixa adiou a extração (calendário oficial)';
    res = await post(admin, '/v1/adm/apuracoes', {
      ...agendamento(c.id_campanha),
      concurso: next.concurso - 1,
      excecao_motivo: excecao,
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<AgendamentoApuracao>();
    expect(a).toMatchObject({ excecao_motivo: excecao, versao_regra: 2, concurso: next.concurso - 1 });
    expect(a.instante_concurso).toBe(instantOf(a.data_concurso).toISOString());
    expect((await record(a.id_apuracao)).excecao_motivo).toBe(excecao);
  });

  it('suggests the next contest that may be scheduled: at least the notice period ahead, its number by the calendar', async () => {
    const res = await t.app.inject({ url: '/v1/adm/apuracoes/proximo-concurso', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<{ concurso: number; data_concurso: string; instante_concurso: string }>();
    expect(Date.parse(next.instante_concurso)).toBeGreaterThan(Date.now() + 2880 * 60_000);
    expect(Date.parse(next.instante_concurso)).toBeLessThan(Date.now() + (2880 + 7 * 1440) * 60_000);
    const cal = { ...parseReferencia('2900:2026-01-03')!, dias: [3, 6] };
    expect(dataDoConcurso(cal, next.concurso)).toBe(next.data_concurso);
    const c = await campaign(2);
    const a = await schedule(c.id_campanha, { concurso: next.concurso, data_concurso: next.data_concurso });
    expect(a.instante_concurso).toBe(next.instante_concurso);
  });

  it('only while the contest is at least the notice period ahead; descriptions one per prize; final after the end', async () => {
    const c = await campaign(4);
    // An hour before a contest, whichever weekday the suite runs on.
    const close = concursoAhead();
    setClock(new Date(instantOf(close.data_concurso).getTime() - 3_600_000), { running: true });
    let res: Awaited<ReturnType<typeof post>>;
    try {
      res = await post(admin, '/v1/adm/apuracoes', { ...agendamento(c.id_campanha), ...close });
    } finally {
      setClock(null);
    }
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.antecedencia }]);
    res = await post(admin, '/v1/adm/apuracoes', {
      ...agendamento(c.id_campanha, { qtd_premios: 2 }),
      descricao_premios: ['Só um'],
    });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.descricaoPremiosInvalida }]);
    res = await post(admin, '/v1/adm/apuracoes', { ...agendamento(c.id_campanha), final: true });
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.finalAntesDoFim }]);
    // A campaign that ended more than VENDA_RETROATIVA_DIAS (7) ago may have its final one.
    const ended = await campaign(2);
    await t.db
      .updateTable('campanhas')
      .set({ validade_ini: '2025-12-01', validade_fim: '2026-01-01' })
      .where('id_campanha', '=', ended.id_campanha)
      .execute();
    const a = await schedule(ended.id_campanha, {
      ...agendamento(ended.id_campanha),
      final: true,
      autorizacao: 'SPA/ME 04.012345/2026',
    });
    expect(a).toMatchObject({ final: true, autorizacao: 'SPA/ME 04.012345/2026', contestacoes_abertas: 0 });
  });

  it('one agendada apuração per campaign: of five at once exactly one is scheduled', async () => {
    const c = await campaign(4);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(admin, '/v1/adm/apuracoes', agendamento(c.id_campanha))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({ erro: MSG_APURACAO.jaAgendada });
    }
  });

  it('e-mails the hash, the count, the contest and the rule to the admins and the auditors at the freeze', async () => {
    const c = await campaign(3);
    const a = await schedule(c.id_campanha);
    const mails = await outbox();
    const toAuditor = mails.filter(
      (m) => m.to === 'auditoria@controle.test' && m.text.includes(a.hash_bilhetes),
    );
    expect(toAuditor).toHaveLength(1);
    for (const word of [String(a.concurso), 'versão 2', 'Quantidade de bilhetes: 3']) {
      expect(toAuditor[0].text).toContain(word);
    }
  });
});

describe('moving an apuração (issue 49)', () => {
  it('a reschedule with a calendar exception is public and e-mailed to the auditors', async () => {
    const c = await campaign(2);
    const a = await schedule(c.id_campanha);
    const later = concursoAhead(2880 + 1440 * 9);
    const excecao = 'Carnaval: a Caixa antecipou a extração em um dia';
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/adm/apuracoes/${a.id_apuracao}`,
      headers: bearer(admin),
      payload: {
        concurso: later.concurso + 1,
        data_concurso: later.data_concurso,
        motivo: 'Concurso adiado pela Caixa',
        excecao_motivo: excecao,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Apuracao>()).toMatchObject({ concurso: later.concurso + 1, excecao_motivo: excecao });
    const mails = await outbox();
    const told = mails.filter(
      (m) =>
        m.to === 'auditoria@controle.test' &&
        m.text.includes(`apuração nº ${a.id_apuracao} da campanha`) &&
        m.text.includes('passou do concurso'),
    );
    expect(told).toHaveLength(1);
    for (const word of ['Motivo: Concurso adiado pela Caixa', excecao, a.hash_bilhetes])
      expect(told[0].text).toContain(word);
  });
});

describe('the result by two people (issue 49)', () => {
  it('the first entry publishes nothing (202); the same person cannot confirm; different prizes discard both; the same confirm', async () => {
    const c = await campaign(6);
    const a = await schedule(c.id_campanha);
    await afterConcurso(a.data_concurso, async () => {
      let res = await resultado(admin, a.id_apuracao, PREMIOS);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ status: 'aguardando_confirmacao', concurso: a.concurso });
      let pub = await record(a.id_apuracao);
      expect(pub).toMatchObject({
        status: 'agendada',
        premios: null,
        ganhadores: [],
        aguardando_confirmacao: true,
      });
      expect(JSON.stringify(pub)).not.toContain(PREMIOS[0]);

      res = await resultado(admin, a.id_apuracao, PREMIOS);
      expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.mesmaPessoa }]);
      expect((await record(a.id_apuracao)).aguardando_confirmacao).toBe(true); // the first entry stays

      res = await resultado(second, a.id_apuracao, ['11111', ...PREMIOS.slice(1)]);
      expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.resultadoDivergente }]);
      pub = await record(a.id_apuracao);
      expect([pub.aguardando_confirmacao, pub.status]).toEqual([false, 'agendada']);
      const told = await t.db
        .selectFrom('usuario_notificacoes')
        .select('id_usuario')
        .where('title', '=', 'Resultado não conferiu')
        .execute();
      expect(told).toHaveLength(2);

      res = await resultado(second, a.id_apuracao, PREMIOS);
      expect(res.statusCode).toBe(202);
      res = await resultado(other, a.id_apuracao, PREMIOS);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<ResultadoApuracao>();
      expect(r.ganhadores).toHaveLength(2);
      pub = await record(a.id_apuracao);
      expect(pub).toMatchObject({ status: 'apurada', premios: PREMIOS, aguardando_confirmacao: false });
      expect(pub.lancado_por).not.toBeNull();
      expect(pub.confirmado_por).not.toBe(pub.lancado_por);
      expect(pub.ata).toBe(`/v1/apuracoes/${a.id_apuracao}/ata.pdf`);
    });
  });
});

/** `npm run verify-draw -- --bilhetes <the file> …args`, as a resident runs it; its output. */
async function verifyDraw(csv: string | Buffer, args: string[]): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-vd-'));
  const file = path.join(dir, 'bilhetes.csv');
  fs.writeFileSync(file, csv);
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, '../src/cli/verify-draw.ts'),
        '--bilhetes',
        file,
        ...args,
      ],
      { cwd: path.join(import.meta.dirname, '..') },
    );
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rule's substitute, written again from the issue's text: the list, the seed, the modulo. */
function referenceSubstitute(
  csv: string,
  hash: string,
  q: string[],
  premio: number,
  out: { codes: Set<string>; titulares?: Set<string> },
): string | null {
  const rows = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const list = rows.filter(
    ([s, n, titular]) => !out.codes.has(`${s}-${n}`) && !(out.titulares?.has(titular) ?? false),
  );
  if (list.length === 0) return null;
  const seed = BigInt(`0x${sha256(`${hash}|${q.join('|')}|S${premio}`)}`);
  const [s, n] = list[Number(seed % BigInt(list.length))];
  return `${s}-${n}`;
}

/** The first winners, written again from the issue's text (musuario=S, mloja=S). */
function referenceWinners(csv: string, hash: string, premios: string[], qtd: number): string[] {
  let list = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(0, 2).join('-'));
  const out: string[] = [];
  for (let k = 1; k <= qtd && list.length > 0; k++) {
    const seed = BigInt(`0x${sha256(`${hash}|${premios.join('|')}|${k}`)}`);
    const w = list[Number(seed % BigInt(list.length))];
    out.push(w);
    list = list.filter((x) => x !== w);
  }
  return out;
}

describe('substitutes from a later contest (issue 49)', () => {
  it('annulling a winner schedules its substitute on the next contest past the notice period; its result by two people draws it by the rule', async () => {
    const c = await campaign(10);
    const a = await schedule(c.id_campanha);
    const csv = (await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}/bilhetes.csv` })).body;
    const r = await afterConcurso(a.data_concurso, async () => {
      expect((await resultado(admin, a.id_apuracao, PREMIOS)).statusCode).toBe(202);
      return (await resultado(second, a.id_apuracao, PREMIOS)).json<ResultadoApuracao>();
    });
    expect(r.ganhadores.map((g) => g.serie_numero)).toEqual(
      referenceWinners(csv, a.hash_bilhetes, PREMIOS, 2),
    );

    // Annul the 1st prize as "titular inelegível": a substitute waits for a contest nobody knows.
    const annulled = r.ganhadores[0];
    const at = new Date(Date.parse(a.instante_concurso) + 3_600_000);
    setClock(at, { running: true });
    let res: Awaited<ReturnType<typeof post>>;
    try {
      res = await post(admin, `/v1/adm/contemplados/${annulled.id_sorteado}/anulacao`, {
        motivo: 'Titular é servidor da prefeitura (regulamento, item 4)',
        tipo: 'titular_inelegivel',
      });
    } finally {
      setClock(null);
    }
    expect(res.statusCode, res.body).toBe(200);
    let pub = await record(a.id_apuracao);
    const pending = pub.ganhadores.find((g) => g.suplente)!;
    const expected = proximoConcurso(
      { ...parseReferencia('2900:2026-01-03')!, dias: [3, 6] },
      '19:00',
      new Date(at.getTime() + 2880 * 60_000),
    );
    expect(pending).toMatchObject({ premio: 1, pendente: true, serie_numero: '', ...expected });
    expect(pub.ganhadores.find((g) => g.id_sorteado === annulled.id_sorteado)).toMatchObject({
      anulado: true,
      tipo: 'titular_inelegivel',
    });
    // The annulled person is told, and sees "Prêmio anulado".
    const person = annulled.id_usuario;
    const notes = await t.db
      .selectFrom('usuario_notificacoes')
      .select('title')
      .where('id_usuario', '=', person)
      .execute();
    expect(notes.map((n) => n.title)).toContain('Prêmio anulado');
    const mine = (
      await t.app.inject({ url: '/v1/usuarios/numeros', headers: bearer(await sessionFor(t.db, person)) })
    ).json<MeusNumeros>();
    const ticket = mine.flatMap((m) => m.numeros).find((n) => n.serie_numero === annulled.serie_numero)!;
    expect([ticket.premio_anulado, ticket.ganhador]).toEqual([true, false]);

    // Before its contest: 409. After it, by two people: the rule's substitute.
    res = await resultado(admin, a.id_apuracao, ['10203', '40506', '70809', '11213', '14151']);
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.antesDoConcurso }]);
    const q = ['10203', '40506', '70809', '11213', '14151'];
    const sub = await afterConcurso(expected.data_concurso, async () => {
      expect((await resultado(second, a.id_apuracao, q)).statusCode).toBe(202);
      const got = await resultado(admin, a.id_apuracao, q);
      expect(got.statusCode, got.body).toBe(200);
      return got.json<ResultadoApuracao>();
    });
    const titularOf = new Map(
      csv
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(','))
        .map(([s, n, titular]) => [`${s}-${n}`, titular]),
    );
    const want = referenceSubstitute(csv, a.hash_bilhetes, q, 1, {
      codes: new Set(r.ganhadores.map((g) => g.serie_numero)),
      titulares: new Set([titularOf.get(annulled.serie_numero)!]),
    });
    expect(sub.ganhadores.map((g) => g.serie_numero)).toEqual([want]);
    expect(sub.ganhadores[0]).toMatchObject({ premio: 1, suplente: true, concurso: expected.concurso });
    pub = await record(a.id_apuracao);
    expect(
      pub.ganhadores.filter((g) => g.premio === 1).map((g) => [g.suplente, g.anulado, g.pendente]),
    ).toEqual([
      [false, true, false],
      [true, false, false],
    ]);

    // The winners' export names each ticket as série-número.
    const exported = await t.app.inject({
      url: `/v1/adm/contemplados?cod_cidade=${c.city.cod_cidade}&id_campanha=${c.id_campanha}&formato=csv`,
      headers: bearer(admin),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body, exported.body.slice(0, 600)).toContain('Bilhete (série-número)');
    for (const g of [...r.ganhadores, ...sub.ganhadores]) {
      expect(exported.body, exported.body.slice(0, 900)).toContain(g.serie_numero);
    }

    // verify-draw, with the file, the hash, the prizes and the substitute's contest, agrees.
    const stdout = await verifyDraw(csv, [
      '--premios',
      PREMIOS.join(','),
      '--qtd',
      '2',
      '--hash',
      a.hash_bilhetes,
      '--suplente',
      `1:${q.join(',')}:titular_inelegivel`,
    ]);
    for (const g of [...r.ganhadores, ...sub.ganhadores]) expect(stdout).toContain(g.serie_numero);
  });
});

describe('verify-draw agrees with the API on version 1 (issue 49)', () => {
  it('an apuração frozen under version 1 is decided by version 1, and verify-draw --regra 1 names the same winners', async () => {
    const c = await campaign(9);
    const a = await schedule(c.id_campanha, { musuario: 'N', mloja: 'N' });
    await t.db
      .updateTable('apuracoes')
      .set({ versao_regra: 1 })
      .where('id_apuracao', '=', a.id_apuracao)
      .execute();
    const csv = (await t.app.inject({ url: `/v1/apuracoes/${a.id_apuracao}/bilhetes.csv` })).rawPayload;
    const r = await afterConcurso(a.data_concurso, async () => {
      expect((await resultado(admin, a.id_apuracao, PREMIOS)).statusCode).toBe(202);
      return (await resultado(second, a.id_apuracao, PREMIOS)).json<ResultadoApuracao>();
    });
    expect(r.versao_regra).toBe(1);
    expect(r.serie_inicial).not.toBeNull();
    const stdout = await verifyDraw(csv, [
      '--regra',
      '1',
      '--premios',
      PREMIOS.join(','),
      '--qtd',
      '2',
      '--musuario',
      'N',
      '--mloja',
      'N',
    ]);
    const named = [...stdout.matchAll(/prêmio: (\d{3}-\d{5})/g)].map((m) => m[1]);
    expect(named).toEqual(r.ganhadores.map((g) => g.serie_numero));
  });
});

describe('a substitute never uses a contest already known (issue 49)', () => {
  it('is drawn from a contest after the apuração’s own, even when that one is still ahead by the calendar', async () => {
    const c = await campaign(4);
    const a = await schedule(c.id_campanha);
    // Its instant moved back (as the e2e test does): the calendar still puts its contest ahead.
    await t.db
      .updateTable('apuracoes')
      .set({ instante_concurso: new Date(Date.now() - 60_000).toISOString() })
      .where('id_apuracao', '=', a.id_apuracao)
      .execute();
    expect((await resultado(admin, a.id_apuracao, PREMIOS)).statusCode).toBe(202);
    const r = (await resultado(second, a.id_apuracao, PREMIOS)).json<ResultadoApuracao>();
    const res = await post(admin, `/v1/adm/contemplados/${r.ganhadores[0].id_sorteado}/anulacao`, {
      motivo: 'Não atendeu a três contatos',
      tipo: 'nao_localizado',
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = (await record(a.id_apuracao)).ganhadores.find((g) => g.suplente)!;
    expect(pending.concurso).toBeGreaterThan(a.concurso);
  });
});

describe('publications and the public file (issue 49)', () => {
  it('records where the edital came out; one dated after the contest is marked', async () => {
    const c = await campaign(3);
    const a = await schedule(c.id_campanha);
    const url = `/v1/adm/apuracoes/${a.id_apuracao}/publicacoes`;
    let res = await post(admin, url, { veiculo: '', data_publicacao: '2026-11-30' });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.veiculoInvalido }]);
    res = await post(admin, url, { veiculo: 'DOM', data_publicacao: '2026-02-30' });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.dataPublicacaoInvalida }]);
    res = await post(admin, url, { veiculo: 'DOM', data_publicacao: a.data_concurso, url: 'ftp://x' });
    expect([res.statusCode, res.json()]).toEqual([400, { erro: MSG_APURACAO.urlInvalida }]);
    res = await post(admin, url, {
      veiculo: 'Diário Oficial do Município, edição 1.234',
      data_publicacao: a.data_concurso,
      url: 'http://127.0.0.1/dom/1234.pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = new Date(Date.parse(`${a.data_concurso}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    res = await post(second, url, { veiculo: 'Jornal da Cidade', data_publicacao: after });
    expect(res.statusCode).toBe(201);
    expect(
      (await record(a.id_apuracao)).publicacoes.map((p) => [p.veiculo, p.posterior_ao_concurso]),
    ).toEqual([
      ['Diário Oficial do Município, edição 1.234', false],
      ['Jornal da Cidade', true],
    ]);
  });

  it('counts open complaints of the campaign in the scheduling answer', async () => {
    const c = await campaign(3);
    const a = await schedule(c.id_campanha);
    expect(a.contestacoes_abertas).toBe(0);
    expect(formatCouponCode(1)).toBe('000-00000');
  });
});

describe('settings from the database, auditors, the download limit (issue 49)', () => {
  let u: TestApp;
  beforeAll(async () => {
    u = await createTestApp({
      LOTERIA_FEDERAL_REFERENCIA: '',
      APURACAO_AUDITORES: '',
      APURACAO_CSV_RATE_MAX: '2',
    });
  });
  afterAll(() => u?.close());

  it('409 without a calendar anchor, 409 without an auditor who is not an admin; then schedules; the file 429 past the limit', async () => {
    const s = await createSellingShop(u.db, ['Dora', 'Eli']);
    const adm = await createUser(u.db, { cod_cidade: s.city.cod_cidade, admin: true });
    const tok = await sessionFor(u.db, adm.id_usuario);
    const c = s;
    const sold = await u.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas/',
      headers: bearer(s.token),
      payload: s.sale('U-1', s.people[0], 100),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const sched = () =>
      u.app.inject({
        method: 'POST',
        url: '/v1/adm/apuracoes',
        headers: bearer(tok),
        payload: agendamento(c.id_campanha),
      });
    let res = await sched();
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.referenciaAusente }]);
    await u.db
      .insertInto('configuracoes')
      .values({ chave: 'loteria_federal_referencia', valor: '2900:2026-01-03' })
      .execute();
    res = await sched();
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.semAuditor }]);
    const email = (
      await u.db
        .selectFrom('usuarios')
        .select('email')
        .where('id_usuario', '=', adm.id_usuario)
        .executeTakeFirstOrThrow()
    ).email!;
    await u.db.insertInto('configuracoes').values({ chave: 'apuracao_auditores', valor: email }).execute();
    res = await sched();
    expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_APURACAO.semAuditor }]);
    await u.db
      .updateTable('configuracoes')
      .set({ valor: `${email}, tce@controle.test` })
      .where('chave', '=', 'apuracao_auditores')
      .execute();
    res = await sched();
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<Apuracao>().id_apuracao;
    const get = () => u.app.inject({ url: `/v1/apuracoes/${id}/bilhetes.csv`, remoteAddress: '127.0.0.9' });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
  });
});
