import fs from 'node:fs';
import path from 'node:path';
import {
  formatCpf,
  maskCpf,
  MSG_ADMIN,
  MSG_CPF_COMPROVACAO,
  tituloCpfComprovacaoDecidida,
  type CpfComprovacaoAdmin,
} from '@praca/contract';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { now, setClock } from '../src/lib/clock.js';
import { anonymise } from '../src/modules/account/removal.js';
import { removeDuePhotos } from '../src/modules/cpf-comprovacoes/service.js';
import { bearer, createCity, createSellingShop, createUser, newCpf, sessionFor } from './factories.js';
import { useTestApp } from './helper.js';

/**
 * Proof of a CPF by an admin (issue 52): the person sends a document's photo and a selfie (each
 * uploaded as a complaint's receipt), an admin of the person's city approves it (the CPF becomes
 * proven and its waiting sales are credited) or refuses it, once; at most CPF_APROVACOES_DIA
 * approvals per admin and day. The photos are private, each view audited, deleted 30 days after
 * the decision, in the data export and erased with the account.
 */
const APROVACOES_DIA = 3;
const t = useTestApp({ CPF_APROVACOES_DIA: String(APROVACOES_DIA) });

type Who = 'admin1' | 'admin1b' | 'admin2' | 'super';
const w = {} as {
  city1: number;
  city2: number;
  tokens: Record<Who, string>;
  ids: Record<Who, number>;
  png: string;
};

interface Person {
  id: number;
  token: string;
  cpf: string;
}

afterEach(() => setClock(null));

beforeAll(async () => {
  w.city1 = (await createCity(t.db)).cod_cidade;
  w.city2 = (await createCity(t.db)).cod_cidade;
  const people: Record<Who, Parameters<typeof createUser>[1]> = {
    admin1: { cod_cidade: w.city1, admin: true },
    admin1b: { cod_cidade: w.city1, admin: true },
    admin2: { cod_cidade: w.city2, admin: true },
    super: { cod_cidade: w.city2, admin: true, superadmin: true },
  };
  w.ids = {} as Record<Who, number>;
  w.tokens = {} as Record<Who, string>;
  for (const [who, o] of Object.entries(people) as [Who, Parameters<typeof createUser>[1]][]) {
    w.ids[who] = (await createUser(t.db, o)).id_usuario;
    w.tokens[who] = await sessionFor(t.db, w.ids[who]);
  }
  w.png = (
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#d8e4f0' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
});

const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** A resident of `cod_cidade` whose account declares a fresh CPF (written as the profile would). */
async function resident(cod_cidade = w.city1, o: { cpf?: boolean } = {}): Promise<Person> {
  const u = await createUser(t.db, { cod_cidade, nome: 'Maria da Prova Silva' });
  const cpf = newCpf();
  if (o.cpf !== false) {
    await t.db
      .updateTable('usuarios')
      .set({
        cpf_busca: t.app.cpf.lookup(cpf),
        cpf_cifrado: t.app.cpf.seal(cpf),
        cpf_situacao: 'declarado',
        cpf_definido_em: now().toISOString(),
      })
      .where('id_usuario', '=', u.id_usuario)
      .execute();
  }
  return { id: u.id_usuario, token: await sessionFor(t.db, u.id_usuario), cpf };
}

async function upload(p: Person): Promise<string> {
  const res = await call(p.token, 'POST', '/v1/contestacoes/comprovante', {
    nomearq: 'doc.jpg',
    conteudo: w.png,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ imagem: string }>().imagem;
}

const send = async (p: Person, body?: { imagem: string; selfie: string }) =>
  call(
    p.token,
    'POST',
    '/v1/usuarios/cpf/comprovacao',
    body ?? { imagem: await upload(p), selfie: await upload(p) },
  );

async function sent(p: Person): Promise<number> {
  const res = await send(p);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ status: 'aberta' });
  return res.json<{ id_comprovacao: number }>().id_comprovacao;
}

const decide = (who: Who, id: number, decisao: 'aprovada' | 'recusada', motivo = 'Fotos conferidas') =>
  call(w.tokens[who], 'POST', `/v1/adm/cpf-comprovacoes/${id}/decisao`, { decisao, motivo });

async function list(who: Who, query = ''): Promise<{ itens: CpfComprovacaoAdmin[]; total: number }> {
  const res = await call(w.tokens[who], 'GET', `/v1/adm/cpf-comprovacoes?cod_cidade=${w.city1}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { itens: res.json(), total: Number(res.headers['x-total-count']) };
}

const account = (id: number) =>
  t.db
    .selectFrom('usuarios')
    .select(['cpf_busca', 'cpf_situacao', 'cpf_comprovado_por'])
    .where('id_usuario', '=', id)
    .executeTakeFirstOrThrow();

const proof = (id: number) =>
  t.db.selectFrom('cpf_comprovacoes').selectAll().where('id_comprovacao', '=', id).executeTakeFirstOrThrow();

const audits = (id: number, acao: string) =>
  t.db
    .selectFrom('auditoria')
    .select(['id_usuario', 'depois'])
    .where('entidade', '=', 'cpf_comprovacao')
    .where('id_entidade', '=', String(id))
    .where('acao', '=', acao)
    .execute();

const messages = (id: number) =>
  t.db.selectFrom('usuario_notificacoes').select(['title', 'body']).where('id_usuario', '=', id).execute();

const fileOf = (key: string) => path.join(t.config.dataDir, key);

describe('sending a proof', () => {
  it('moves both uploads to the private folder of proofs and opens one proof; a second is 409', async () => {
    const p = await resident();
    const imagem = await upload(p);
    const selfie = await upload(p);
    const res = await send(p, { imagem, selfie });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id_comprovacao: number }>().id_comprovacao;
    const row = await proof(id);
    expect(row).toMatchObject({ id_usuario: p.id, cod_cidade: w.city1, status: 'aberta' });
    expect(row.cpf_busca).toBe(t.app.cpf.lookup(p.cpf));
    for (const key of [row.imagem, row.selfie]) {
      expect(key).toMatch(new RegExp(`^cpf-comprovacoes/${p.id}-[0-9a-f]{32}\\.png$`));
      expect(fs.existsSync(fileOf(key))).toBe(true);
      expect(path.relative(t.config.imagesDir, fileOf(key)).startsWith('..')).toBe(true);
    }
    // The uploads left the complaints' folder: they cannot be named again.
    expect(fs.existsSync(fileOf(imagem))).toBe(false);
    expect(fs.existsSync(fileOf(selfie))).toBe(false);
    expect(await audits(id, 'criar')).toHaveLength(1);

    const mine = await call(p.token, 'GET', '/v1/usuarios/cpf/comprovacao');
    expect(mine.json()).toMatchObject({
      cpf_situacao: 'declarado',
      cpf: maskCpf(p.cpf),
      comprovacao: { id_comprovacao: id, status: 'aberta', motivo: null },
    });

    const again = await send(p);
    expect(again.statusCode).toBe(409);
    expect(again.json().erro).toBe(MSG_CPF_COMPROVACAO.jaAberta);
  });

  it('refuses an account without a CPF (400), another person’s upload, a missing one and the same photo twice', async () => {
    const none = await resident(w.city1, { cpf: false });
    const res = await send(none);
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe(MSG_CPF_COMPROVACAO.semCpf);
    expect((await call(none.token, 'GET', '/v1/usuarios/cpf/comprovacao')).json()).toMatchObject({
      cpf_situacao: '',
      cpf: '',
      comprovacao: null,
    });

    const p = await resident();
    const other = await resident();
    const theirs = await upload(other);
    const cases = [
      { imagem: theirs, selfie: await upload(p) },
      { imagem: `comprovantes/${p.id}-${'0'.repeat(32)}.png`, selfie: await upload(p) },
    ];
    for (const body of cases) {
      const r = await send(p, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().erro).toBe(MSG_CPF_COMPROVACAO.fotoNaoEncontrada);
    }
    // The other person's upload is still theirs, untouched.
    expect(fs.existsSync(fileOf(theirs))).toBe(true);
    const one = await upload(p);
    const twice = await send(p, { imagem: one, selfie: one });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().erro).toBe(MSG_CPF_COMPROVACAO.fotosIguais);
    expect((await send(p, { imagem: 'imgest/x.png', selfie: one })).statusCode).toBe(400);
    expect(
      await t.db
        .selectFrom('cpf_comprovacoes')
        .select('id_comprovacao')
        .where('id_usuario', '=', p.id)
        .execute(),
    ).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call(null, 'POST', '/v1/usuarios/cpf/comprovacao', {})).statusCode).toBe(401);
    expect((await call(null, 'GET', '/v1/usuarios/cpf/comprovacao')).statusCode).toBe(401);
  });
});

describe('the admins’ list and the photos', () => {
  it('lists the city’s proofs paged, with the masked CPF, the name and links that show the photos, each view audited', async () => {
    const p = await resident();
    const id = await sent(p);
    const page = await list('admin1', '&status=aberta&limite=1');
    expect(page.itens).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    const item = (await list('admin1', '&status=aberta&limite=100')).itens.find(
      (i) => i.id_comprovacao === id,
    )!;
    expect(item).toMatchObject({
      id_usuario: p.id,
      nome_usuario: 'Maria da Prova Silva',
      cpf: maskCpf(p.cpf),
      status: 'aberta',
      cod_cidade: w.city1,
    });
    expect(JSON.stringify(item)).not.toContain(p.cpf);
    expect(JSON.stringify(item)).not.toContain(formatCpf(p.cpf));

    for (const url of [item.url_imagem!, item.url_selfie!]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    }
    const seen = await audits(id, 'ver_foto');
    expect(seen).toHaveLength(2);
    expect(seen.every((a) => a.id_usuario === w.ids.admin1)).toBe(true);

    // A tampered link, one for another proof, and an expired one are refused.
    const u = new URL(item.url_imagem!, 'http://x');
    const sig = u.searchParams.get('assinatura')!;
    const tampered = item.url_imagem!.replace(sig, `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherFoto = item.url_imagem!.replace('/fotos/imagem', '/fotos/selfie');
    expect((await t.app.inject({ method: 'GET', url: otherFoto })).statusCode).toBe(403);
    const longer = item.url_imagem!.replace(/expira=\d+/, (m) => `expira=${Number(m.slice(7)) + 3600}`);
    expect((await t.app.inject({ method: 'GET', url: longer })).statusCode).toBe(403);
    setClock(new Date(now().getTime() + 11 * 60_000));
    const expired = await t.app.inject({ method: 'GET', url: item.url_imagem! });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().erro).toBe(MSG_CPF_COMPROVACAO.linkExpirado);
    expect(await audits(id, 'ver_foto')).toHaveLength(2);
  });

  it('another city’s admin gets 403 for the list and the decision; the super-admin reads and decides any city', async () => {
    const p = await resident();
    const id = await sent(p);
    const other = await call(w.tokens.admin2, 'GET', `/v1/adm/cpf-comprovacoes?cod_cidade=${w.city1}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().erro).toBe(MSG_ADMIN.outraCidade);
    // Its own city's list does not carry city 1's proofs.
    const own = await call(w.tokens.admin2, 'GET', '/v1/adm/cpf-comprovacoes');
    expect(own.statusCode).toBe(200);
    expect(own.json<CpfComprovacaoAdmin[]>().some((i) => i.id_comprovacao === id)).toBe(false);
    expect((await decide('admin2', id, 'recusada')).statusCode).toBe(403);
    expect((await proof(id)).status).toBe('aberta');
    // A resident is no admin.
    expect((await call(p.token, 'GET', `/v1/adm/cpf-comprovacoes?cod_cidade=${w.city1}`)).statusCode).toBe(
      403,
    );
    expect((await list('super')).itens.some((i) => i.id_comprovacao === id)).toBe(true);
    expect((await decide('super', id, 'recusada', 'Foto ilegível')).statusCode).toBe(200);
    // The link an admin of city 2 could forge is no link: its signature is the server's alone.
    expect((await decide('admin1', 999_999, 'recusada')).statusCode).toBe(404);
  });
});

describe('the decision', () => {
  it('an approval proves the CPF, credits its waiting sales before answering, is audited and notified; a decided proof is 409', async () => {
    const s = await createSellingShop(t.db, []);
    const p = await resident(s.city.cod_cidade);
    const admin = await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true });
    const adminToken = await sessionFor(t.db, admin.id_usuario);
    // A sale by that CPF while no account holds it proven waits for it.
    await t.db
      .updateTable('usuarios')
      .set({ cpf_busca: null, cpf_cifrado: null, cpf_situacao: '' })
      .where('id_usuario', '=', p.id)
      .execute();
    const { id_usuario: _none, ...sale } = s.sale('PROVA-1', -1, 300);
    const sold = await call(s.token, 'POST', '/v1/parceiro/vendas/', { ...sale, cpf: formatCpf(p.cpf) });
    expect(sold.statusCode, sold.body).toBe(201);
    const idVenda = sold.json<{ id_venda: number }>().id_venda;
    const owner = () =>
      t.db
        .selectFrom('vendas')
        .select('id_usuario')
        .where('id_venda', '=', idVenda)
        .executeTakeFirstOrThrow();
    expect((await owner()).id_usuario).toBeNull();
    await t.db
      .updateTable('usuarios')
      .set({
        cpf_busca: t.app.cpf.lookup(p.cpf),
        cpf_cifrado: t.app.cpf.seal(p.cpf),
        cpf_situacao: 'declarado',
      })
      .where('id_usuario', '=', p.id)
      .execute();

    const id = await sent(p);
    const res = await call(adminToken, 'POST', `/v1/adm/cpf-comprovacoes/${id}/decisao`, {
      decisao: 'aprovada',
      motivo: 'Documento e selfie conferem',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'aprovada',
      motivo: 'Documento e selfie conferem',
      cpf: maskCpf(p.cpf),
    });
    expect(await account(p.id)).toMatchObject({ cpf_situacao: 'comprovado', cpf_comprovado_por: 'foto' });
    expect((await owner()).id_usuario).toBe(p.id);
    expect(await proof(id)).toMatchObject({ status: 'aprovada', decidido_por: admin.id_usuario });
    const [audit] = await audits(id, 'aprovar');
    expect(audit?.id_usuario).toBe(admin.id_usuario);
    expect((await messages(p.id)).map((m) => m.title)).toContain(tituloCpfComprovacaoDecidida('aprovada'));

    const again = await call(adminToken, 'POST', `/v1/adm/cpf-comprovacoes/${id}/decisao`, {
      decisao: 'recusada',
      motivo: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().erro).toBe(MSG_CPF_COMPROVACAO.jaDecidida);
    const proven = await send(p);
    expect(proven.statusCode).toBe(409);
    expect(proven.json().erro).toBe(MSG_CPF_COMPROVACAO.jaComprovado);
    expect((await call(p.token, 'GET', '/v1/usuarios/cpf/comprovacao')).json()).toMatchObject({
      cpf_situacao: 'comprovado',
      comprovacao: { id_comprovacao: id, status: 'aprovada' },
    });
  });

  it('a refusal keeps the CPF declared, tells the person the reason, and lets them send again', async () => {
    const p = await resident();
    const id = await sent(p);
    const res = await decide('admin1', id, 'recusada', 'A selfie não mostra o documento');
    expect(res.statusCode, res.body).toBe(200);
    expect(await account(p.id)).toMatchObject({ cpf_situacao: 'declarado' });
    expect(await audits(id, 'recusar')).toHaveLength(1);
    const told = await messages(p.id);
    expect(told.map((m) => m.title)).toContain(tituloCpfComprovacaoDecidida('recusada'));
    expect(told.some((m) => m.body.includes('A selfie não mostra o documento'))).toBe(true);
    expect((await call(p.token, 'GET', '/v1/usuarios/cpf/comprovacao')).json().comprovacao).toMatchObject({
      status: 'recusada',
      motivo: 'A selfie não mostra o documento',
    });
    await sent(p);
  });

  it('asks for a reason of 1 to 500 characters', async () => {
    const p = await resident();
    const id = await sent(p);
    for (const motivo of ['', '   ', 'x'.repeat(501)]) {
      const res = await decide('admin1', id, 'recusada', motivo);
      expect(res.statusCode, motivo).toBe(400);
    }
    expect((await proof(id)).status).toBe('aberta');
  });

  it('an approval of a CPF the account no longer declares, or that another account proved, is 409 and leaves the proof open', async () => {
    const p = await resident();
    const id = await sent(p);
    const other = await resident();
    await t.db
      .updateTable('usuarios')
      .set({ cpf_busca: t.app.cpf.lookup(other.cpf), cpf_cifrado: t.app.cpf.seal(other.cpf) })
      .where('id_usuario', '=', p.id)
      .execute();
    const changed = await decide('admin1', id, 'aprovada');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().erro).toBe(MSG_CPF_COMPROVACAO.cpfMudou);

    const q = await resident();
    const idQ = await sent(q);
    const thief = await resident();
    await t.db
      .updateTable('usuarios')
      .set({
        cpf_busca: t.app.cpf.lookup(q.cpf),
        cpf_cifrado: t.app.cpf.seal(q.cpf),
        cpf_situacao: 'comprovado',
      })
      .where('id_usuario', '=', thief.id)
      .execute();
    const taken = await decide('admin1', idQ, 'aprovada');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().erro).toBe(MSG_CPF_COMPROVACAO.cpfDeOutraConta);
    expect((await proof(id)).status).toBe('aberta');
    expect((await proof(idQ)).status).toBe('aberta');
    expect(await account(q.id)).toMatchObject({ cpf_situacao: 'declarado' });
  });

  it('two approvals of one proof at once: one passes, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await resident();
      const id = await sent(p);
      const answers = await Promise.all([
        decide('admin1b', id, 'aprovada'),
        decide('super', id, 'aprovada'),
        decide('admin1b', id, 'recusada'),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(
        codes.filter((c) => c === 200),
        JSON.stringify(answers.map((a) => a.body)),
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(2);
      const decided = await audits(id, 'aprovar');
      const refused = await audits(id, 'recusar');
      expect(decided.length + refused.length).toBe(1);
    }
  });

  it(`at most CPF_APROVACOES_DIA (${APROVACOES_DIA} here) approvals per admin and day, also when sent at once (429); refusals and other admins are not held`, async () => {
    const fresh = await createUser(t.db, { cod_cidade: w.city1, admin: true });
    const token = await sessionFor(t.db, fresh.id_usuario);
    const people = await Promise.all(Array.from({ length: APROVACOES_DIA + 6 }, () => resident()));
    const ids: number[] = [];
    for (const p of people) ids.push(await sent(p));
    const answers = await Promise.all(
      ids.map((id) =>
        call(token, 'POST', `/v1/adm/cpf-comprovacoes/${id}/decisao`, {
          decisao: 'aprovada',
          motivo: 'Confere',
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const capped = answers.filter((a) => a.statusCode === 429);
    expect(ok).toHaveLength(APROVACOES_DIA);
    expect(capped).toHaveLength(6);
    expect(capped[0]!.json().erro).toBe(MSG_CPF_COMPROVACAO.limiteDiario(APROVACOES_DIA));
    const left = ids.filter((_, i) => answers[i]!.statusCode === 429);
    // A refusal still goes through; another admin may approve.
    const refused = await call(token, 'POST', `/v1/adm/cpf-comprovacoes/${left[0]}/decisao`, {
      decisao: 'recusada',
      motivo: 'Não confere',
    });
    expect(refused.statusCode).toBe(200);
    expect((await decide('admin1', left[1]!, 'aprovada')).statusCode).toBe(200);
    // The next day the admin approves again.
    const p = await resident();
    const id = await sent(p);
    setClock(new Date(now().getTime() + 24 * 3_600_000), { running: true });
    const tomorrow = await call(token, 'POST', `/v1/adm/cpf-comprovacoes/${id}/decisao`, {
      decisao: 'aprovada',
      motivo: 'Confere',
    });
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
  });
});

describe('the photos’ life', () => {
  it('are deleted 30 days after the decision, not before, audited; the list then has no links', async () => {
    const p = await resident();
    const id = await sent(p);
    const open = await sent(await resident());
    expect((await decide('admin1', id, 'recusada', 'Ilegível')).statusCode).toBe(200);
    const row = await proof(id);
    const deps = t.app.services.cpfComprovacoes;
    setClock(new Date(Date.parse(row.decidido_em!) + 29 * 86_400_000));
    await removeDuePhotos(deps);
    expect(fs.existsSync(fileOf(row.imagem))).toBe(true);
    setClock(new Date(Date.parse(row.decidido_em!) + 30 * 86_400_000 + 60_000));
    expect(await removeDuePhotos(deps)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(fileOf(row.imagem))).toBe(false);
    expect(fs.existsSync(fileOf(row.selfie))).toBe(false);
    expect((await proof(id)).fotos_removidas_em).not.toBeNull();
    expect(await audits(id, 'apagar_fotos')).toHaveLength(1);
    // Run again (another instance): nothing more, no second entry.
    await removeDuePhotos(deps);
    expect(await audits(id, 'apagar_fotos')).toHaveLength(1);
    // An open proof keeps its photos however old.
    expect((await proof(open)).fotos_removidas_em).toBeNull();
    setClock(null);
    const item = (await list('admin1', '&limite=100')).itens.find((i) => i.id_comprovacao === id)!;
    expect(item).toMatchObject({ url_imagem: null, url_selfie: null });
  });

  it('the data export carries the proofs with their photos; the account’s removal erases photos and CPF', async () => {
    const p = await resident();
    const id = await sent(p);
    const row = await proof(id);
    const exported = await call(p.token, 'GET', '/v1/usuarios/meusdados');
    expect(exported.statusCode).toBe(200);
    const [entry] = exported.json().comprovacoes_cpf as {
      id_comprovacao: number;
      cpf: string;
      foto_documento: string;
      foto_selfie: string;
    }[];
    expect(entry).toMatchObject({ id_comprovacao: id, cpf: formatCpf(p.cpf), status: 'aberta' });
    const png = fs.readFileSync(fileOf(row.imagem)).toString('base64');
    expect(entry!.foto_documento).toBe(`data:image/png;base64,${png}`);
    expect(entry!.foto_selfie).toMatch(/^data:image\/png;base64,/);

    await t.db.transaction().execute((trx) => anonymise(trx, p.id, now().toISOString()));
    const { deletePhotosOf } = await import('../src/modules/cpf-comprovacoes/photos.js');
    await deletePhotosOf(t.app.storage, p.id, t.app.log);
    expect(fs.existsSync(fileOf(row.imagem))).toBe(false);
    expect(fs.existsSync(fileOf(row.selfie))).toBe(false);
    expect(await proof(id)).toMatchObject({ status: 'recusada', cpf_busca: '', cpf_cifrado: '' });
    expect((await proof(id)).fotos_removidas_em).not.toBeNull();
    expect(
      (await list('admin1', '&limite=100')).itens.some((i) => i.id_comprovacao === id && i.url_imagem),
    ).toBe(false);
  });
});
