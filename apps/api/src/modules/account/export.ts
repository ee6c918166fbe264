import type { Kysely } from 'kysely';
import type { EXPORT_SECTIONS } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { centsToReais, fromE6 } from '../coupons/units.js';
import { couponsTable } from '../coupons/queries.js';
import { salesTable } from '../sales/live.js';

export type MeusDados = Record<(typeof EXPORT_SECTIONS)[number], unknown> & { gerado_em: string };

const n = (v: number | string | bigint | null): number => Number(v ?? 0);
const on = (v: number) => v === 1;

/** Only where a push subscription goes (its service), never the endpoint's secret path or keys. */
function pushService(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}

const saleColumns = [
  'v.id_venda',
  'v.id_campanha',
  'c.den_campanha',
  'v.id_estabelecimento',
  'e.nome as nome_estabelecimento',
  'v.dat_venda',
  'v.numero_venda',
  'v.valor_centavos',
  'v.pontos_e6',
  'v.cashback_e6',
  'v.reivindicada_em',
  'v.criado_em',
  'v.excluida_em',
] as const;

/**
 * The sales a person bought (`v.id_usuario`) or registered (`v.criado_por`), oldest first. Each
 * column has an index of its own (`vendas_usuario_idx`, `vendas_criado_por_idx`): an export never
 * reads every sale.
 */
export const salesOf = (db: Kysely<Database>, column: 'v.id_usuario' | 'v.criado_por', idUsuario: number) =>
  db
    .selectFrom(salesTable('v'))
    .innerJoin('campanhas as c', 'c.id_campanha', 'v.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .select(saleColumns)
    .where(column, '=', idUsuario)
    .orderBy('v.id_venda');

/**
 * Everything the programme holds about a person (LGPD art. 18), one key per section of
 * `EXPORT_SECTIONS`. Never a password, token or push key hash.
 */
export async function collect(
  db: Kysely<Database>,
  idUsuario: number,
  idSessaoAtual: number,
  now: Date,
  openCpf: (sealed: string) => string,
): Promise<Omit<MeusDados, 'comprovacoes_cpf'>> {
  const u = await db
    .selectFrom('usuarios as u')
    .innerJoin('cidades as c', 'c.cod_cidade', 'u.cod_cidade')
    .select([
      'u.id_usuario',
      'u.nome',
      'u.email',
      'u.whatsup',
      'u.cpf_cifrado',
      'u.endereco',
      'u.numero',
      'u.complemento',
      'u.bairro',
      'u.cidade',
      'u.uf',
      'u.cep',
      'u.cod_cidade',
      'c.cidade as cidade_programa',
      'c.uf as uf_programa',
      'u.parceiro',
      'u.admin',
      'u.superadmin',
      'u.criado_em',
      'u.atualizado_em',
      'u.visto_em',
    ])
    .where('u.id_usuario', '=', idUsuario)
    .executeTakeFirstOrThrow();

  const sessoes = await db
    .selectFrom('sessoes')
    .select(['id_sessao', 'criado_em', 'expira_em', 'ip'])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id_sessao')
    .execute();

  const estabelecimentos = await db
    .selectFrom('usuario_estabelecimentos as ue')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ue.id_estabelecimento')
    .select(['e.id_estabelecimento', 'e.nome'])
    .where('ue.id_usuario', '=', idUsuario)
    .orderBy('e.id_estabelecimento')
    .execute();

  const sales = (column: 'v.id_usuario' | 'v.criado_por') => salesOf(db, column, idUsuario).execute();
  const presentSale = (v: Awaited<ReturnType<typeof sales>>[number], buyer: boolean) => ({
    id_venda: v.id_venda,
    id_campanha: v.id_campanha,
    den_campanha: v.den_campanha,
    id_estabelecimento: v.id_estabelecimento,
    nom_estabelecimento: v.nome_estabelecimento,
    dat_venda: v.dat_venda,
    numero_venda: v.numero_venda,
    valor_venda: centsToReais(n(v.valor_centavos)),
    ...(buyer ? { pontos: fromE6(n(v.pontos_e6)), cashback: fromE6(n(v.cashback_e6)) } : {}),
    reivindicada_em: v.reivindicada_em,
    criado_em: v.criado_em,
    excluida_em: v.excluida_em,
  });
  const comoCliente = await sales('v.id_usuario');
  const registradas = await sales('v.criado_por');

  const saldos = await db
    .selectFrom('saldos as s')
    .innerJoin('campanhas as c', 'c.id_campanha', 's.id_campanha')
    .select(['s.id_campanha', 'c.den_campanha', 's.pontos_e6', 's.cupons'])
    .where('s.id_usuario', '=', idUsuario)
    .orderBy('s.id_campanha')
    .execute();

  const cupons = await db
    .selectFrom(couponsTable())
    .select([
      'id_cupom',
      'id_campanha',
      'numero',
      'id_venda',
      'id_estabelecimento',
      'dat_emissao',
      'anulado_em',
      'sorteado_em',
    ])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id_cupom')
    .execute();

  const contemplados = await db
    .selectFrom('contemplados')
    .select([
      'id_sorteado',
      'id_campanha',
      'id_cupom',
      'id_estabelecimento',
      'id_venda',
      'nome_sorteado',
      'data_sorteio',
    ])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id_sorteado')
    .execute();
  const fotos = contemplados.length
    ? await db
        .selectFrom('contemplado_fotos')
        .select(['id_sorteado', 'url_foto'])
        .where(
          'id_sorteado',
          'in',
          contemplados.map((c) => c.id_sorteado),
        )
        .orderBy('id_sorteado')
        .orderBy('ordem')
        .execute()
    : [];

  const avaliacoes = await db
    .selectFrom('avaliacoes as a')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'a.id_estabelecimento')
    .select([
      'a.id_avaliacao',
      'a.id_estabelecimento',
      'e.nome as nom_estabelecimento',
      'a.nro_estrelas',
      'a.den_avaliacao',
      'a.den_resposta',
      'a.aprovado',
      'a.datahora',
    ])
    .where('a.id_usuario', '=', idUsuario)
    .orderBy('a.id_avaliacao')
    .execute();

  // Complaints (issue 37): the receipt's photo by its path; the file itself is read at
  // GET /v1/contestacoes/{id}/comprovante.
  const contestacoes = await db
    .selectFrom('contestacoes as k')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'k.id_estabelecimento')
    .select([
      'k.id_contestacao',
      'k.tipo',
      'k.status',
      'k.id_estabelecimento',
      'e.nome as nom_estabelecimento',
      'k.id_venda',
      'k.dat_venda',
      'k.valor_centavos',
      'k.numero_venda',
      'k.imagem',
      'k.criada_em',
      'k.decidida_em',
      'k.motivo',
    ])
    .where('k.id_usuario', '=', idUsuario)
    .orderBy('k.id_contestacao')
    .execute();

  // Issue 53: the fiscal receipts the person sent, each key in full (it is theirs).
  const recibos = await db
    .selectFrom('recibos as r')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'r.id_estabelecimento')
    .leftJoin('entidades as ent', 'ent.id_entidade', 'r.id_entidade')
    .select([
      'r.id_recibo',
      'r.chave',
      'r.cnpj',
      'r.status',
      'r.id_estabelecimento',
      'e.nome as nom_estabelecimento',
      'r.valor_centavos',
      'r.dat_emissao',
      'r.id_venda',
      'r.id_entidade',
      'ent.nome as nom_entidade',
      'r.id_contestacao',
      'r.criado_em',
      'r.expira_em',
    ])
    .where('r.id_usuario', '=', idUsuario)
    .orderBy('r.id_recibo')
    .execute();

  const notificacoes = await db
    .selectFrom('usuario_notificacoes')
    .select(['id_message', 'id_notificacao', 'type', 'title', 'body', 'image', 'dat_recece', 'lida_em'])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id_message')
    .execute();

  const push = await db
    .selectFrom('push_assinaturas')
    .select([
      'id',
      'endpoint',
      'ies_promocao',
      'ies_live',
      'ies_sorteio',
      'device',
      'os_version',
      'ip',
      'criado_em',
      'atualizado_em',
    ])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id')
    .execute();

  return {
    gerado_em: now.toISOString(),
    perfil: {
      id_usuario: u.id_usuario,
      nome: u.nome,
      email: u.email ?? '',
      whatsup: u.whatsup,
      cpf: u.cpf_cifrado ? openCpf(u.cpf_cifrado) : '',
      endereco: u.endereco,
      numero: u.numero,
      complemento: u.complemento,
      bairro: u.bairro,
      cidade: u.cidade,
      uf: u.uf,
      cep: u.cep,
      cod_cidade: u.cod_cidade,
      cidade_do_programa: `${u.cidade_programa} - ${u.uf_programa}`,
      parceiro: on(u.parceiro),
      admin: on(u.admin) || on(u.superadmin),
      superadmin: on(u.superadmin),
      criado_em: u.criado_em,
      atualizado_em: u.atualizado_em,
      visto_em: u.visto_em,
    },
    sessoes: sessoes.map((s) => ({ ...s, atual: s.id_sessao === idSessaoAtual })),
    estabelecimentos: estabelecimentos.map((e) => ({
      id_estabelecimento: e.id_estabelecimento,
      nome: e.nome,
    })),
    vendas: {
      como_cliente: comoCliente.map((v) => presentSale(v, true)),
      registradas_por_voce: registradas.map((v) => presentSale(v, false)),
    },
    saldos: saldos.map((s) => ({
      id_campanha: s.id_campanha,
      den_campanha: s.den_campanha,
      pontos: fromE6(n(s.pontos_e6)),
      cupons: n(s.cupons),
    })),
    cupons: cupons.map((c) => ({ ...c, numero: n(c.numero) })),
    contemplados: contemplados.map((c) => ({
      ...c,
      fotos: fotos.filter((f) => f.id_sorteado === c.id_sorteado).map((f) => f.url_foto),
    })),
    avaliacoes,
    contestacoes: contestacoes.map(({ valor_centavos, ...k }) => ({
      ...k,
      valor_venda: centsToReais(n(valor_centavos)),
    })),
    recibos: recibos.map(({ valor_centavos, ...r }) => ({
      ...r,
      valor: valor_centavos === null ? null : centsToReais(n(valor_centavos)),
    })),
    notificacoes,
    push_assinaturas: push.map((p) => ({
      id: p.id,
      servico: pushService(p.endpoint),
      device: p.device,
      os_version: p.os_version,
      ip: p.ip,
      criado_em: p.criado_em,
      atualizado_em: p.atualizado_em,
    })),
    consentimentos: {
      cadastro_em: u.criado_em,
      notificacoes_push: push.map((p) => ({
        id_assinatura: p.id,
        ies_promocao: p.ies_promocao,
        ies_live: p.ies_live,
        ies_sorteio: p.ies_sorteio,
        atualizado_em: p.atualizado_em,
      })),
    },
  };
}
