import { z } from 'zod';
import { ImagemBody } from './admin.js';
import { CodCidadeSchema, DataSchema, IdSchema } from './common.js';
import { VendaBody } from './sales.js';

/**
 * The resident's word (issue 37): a complaint about the ledger. 'nao_reconheco' disputes a
 * sale credited to the resident; 'nao_registrada' claims a purchase the shop never credited.
 * Admins of the shop's city accept or refuse it once; accepting fixes the ledger.
 */
export const MSG_CONTESTACAO = {
  vendaNaoEncontrada: 'Venda não encontrada',
  jaAberta: 'Já existe uma contestação aberta para esta venda',
  naoEncontrada: 'Contestação não encontrada',
  jaDecidida: 'Esta contestação já foi decidida',
  estabelecimentoNaoEncontrado: 'Estabelecimento não encontrado',
  semCampanha: 'O estabelecimento não participa de nenhuma campanha nesta data',
  motivoObrigatorio: 'Informe o motivo',
  comprovanteInvalido: 'Foto do comprovante inválida: envie a foto novamente',
  comprovanteNaoEncontrado: 'Foto do comprovante não encontrada: envie a foto novamente',
  semComprovante: 'Esta contestação não tem foto do comprovante',
  /** Issue 52: `{n}` is replaced by CONTESTACOES_ABERTAS_MAX. */
  limiteAbertas:
    'Você já tem {n} contestações aguardando decisão: espere a resposta de alguma antes de abrir outra',
} as const;

/**
 * A receipt's photo (issue 37) is private: a nota fiscal can carry the resident's CPF. It is
 * stored outside the public image folder, named `comprovantes/<id_usuario>-<32 hex>.png`, and
 * read only through `GET /v1/contestacoes/{id}/comprovante` by the complaint's author and the
 * admins of its city.
 */
export const COMPROVANTE_DIR = 'comprovantes';
const COMPROVANTE_PATH = /^comprovantes\/(\d{1,15})-[0-9a-f]{32}\.png$/;

/** The id of the person who uploaded the receipt at `caminho`, or null for any other text. */
export function donoDoComprovante(caminho: string): number | null {
  const m = COMPROVANTE_PATH.exec(caminho);
  return m ? Number(m[1]) : null;
}

/** '' (no photo) or the path `POST /v1/contestacoes/comprovante` answered. */
export const CaminhoComprovanteSchema = z
  .string({ error: MSG_CONTESTACAO.comprovanteInvalido })
  .trim()
  .refine((v) => v === '' || COMPROVANTE_PATH.test(v), { error: MSG_CONTESTACAO.comprovanteInvalido });

/** `POST /v1/contestacoes/comprovante`: the photo in base64, as the image service takes it. */
export const ComprovanteBody = ImagemBody.pick({ nomearq: true, conteudo: true });
export type ComprovanteBody = z.input<typeof ComprovanteBody>;

/** Where the receipt was kept: what `imagem` of a 'nao_registrada' complaint names. */
export const ComprovanteResposta = z.object({ imagem: z.string() });
export type ComprovanteResposta = z.infer<typeof ComprovanteResposta>;

export const TIPOS_CONTESTACAO = ['nao_reconheco', 'nao_registrada'] as const;
export type TipoContestacao = (typeof TIPOS_CONTESTACAO)[number];
export const STATUS_CONTESTACAO = ['aberta', 'aceita', 'recusada'] as const;
export type StatusContestacao = (typeof STATUS_CONTESTACAO)[number];

/** `POST /v1/contestacoes`. */
export const ContestacaoBody = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('nao_reconheco'), id_venda: IdSchema }),
  z.object({
    tipo: z.literal('nao_registrada'),
    id_estabelecimento: IdSchema,
    dat_venda: DataSchema,
    valor_venda: VendaBody.shape.valor_venda,
    numero_venda: VendaBody.shape.numero_venda,
    /** The receipt's photo: '' or absent for none, else the caller's own upload. */
    imagem: CaminhoComprovanteSchema.optional(),
  }),
]);
export type ContestacaoBody = z.input<typeof ContestacaoBody>;

export const ContestacaoCriada = z.object({
  id_contestacao: z.number().int(),
  status: z.literal('aberta'),
});

/** One step of a complaint's history: opened, then accepted or refused. */
export const HistoricoContestacao = z.object({
  em: z.string(),
  status: z.enum(STATUS_CONTESTACAO),
  motivo: z.string().nullable(),
});

/** A complaint as its author sees it (`GET /v1/contestacoes`). */
export const Contestacao = z.object({
  id_contestacao: z.number().int(),
  tipo: z.enum(TIPOS_CONTESTACAO),
  status: z.enum(STATUS_CONTESTACAO),
  id_venda: z.number().int().nullable(), // the disputed sale, or the one an acceptance registered
  id_estabelecimento: z.number().int(),
  nome_estabelecimento: z.string(),
  dat_venda: z.string(),
  valor_venda: z.number(),
  numero_venda: z.string(),
  imagem: z.string().nullable(),
  criada_em: z.string(),
  decidida_em: z.string().nullable(),
  motivo: z.string().nullable(),
  historico: z.array(HistoricoContestacao),
});
export type Contestacao = z.infer<typeof Contestacao>;

/** Issue 53: how the admins' list marks a complaint a fiscal receipt opened by itself. */
export const ROTULO_CONTESTACAO_AUTOMATICA = 'Aberta automaticamente pela nota fiscal';

/** A complaint as the city's admins see it: who made it, and where. */
export const ContestacaoAdmin = Contestacao.extend({
  id_usuario: z.number().int(),
  nome_usuario: z.string(),
  cod_cidade: z.number().int(),
  /**
   * Issue 53: opened by a resident's fiscal receipt whose key the shop reported for someone
   * else (it does not count against CONTESTACOES_ABERTAS_MAX); accepting it moves the sale to
   * the receipt's holder.
   */
  automatica: z.boolean(),
});
export type ContestacaoAdmin = z.infer<typeof ContestacaoAdmin>;

/** `GET /v1/adm/contestacoes`: a city's complaints, newest first, optionally of one status. */
export const ContestacoesAdmQuery = z.object({
  cod_cidade: CodCidadeSchema,
  status: z.enum(STATUS_CONTESTACAO).optional(),
});

export const ContestacaoParams = z.object({ id_contestacao: IdSchema });

/** `POST /v1/adm/contestacoes/{id_contestacao}/decisao`. */
export const DecisaoContestacaoBody = z.object({
  decisao: z.enum(['aceita', 'recusada']),
  motivo: z
    .string({ error: MSG_CONTESTACAO.motivoObrigatorio })
    .trim()
    .min(1, { error: MSG_CONTESTACAO.motivoObrigatorio })
    .max(500, { error: 'Use no máximo 500 caracteres' }),
});
export type DecisaoContestacaoBody = z.input<typeof DecisaoContestacaoBody>;

/** The notification a resident gets when a complaint is decided. */
export const tituloContestacaoDecidida = (decisao: 'aceita' | 'recusada'): string =>
  decisao === 'aceita' ? 'Sua contestação foi aceita' : 'Sua contestação foi recusada';
export const textoContestacaoDecidida = (o: {
  tipo: TipoContestacao;
  decisao: 'aceita' | 'recusada';
  loja: string;
  numero: string;
  motivo: string;
}): string => {
  const compra = `a compra ${o.numero} na ${o.loja}`;
  const efeito =
    o.decisao === 'recusada'
      ? 'Nada mudou no seu extrato.'
      : o.tipo === 'nao_reconheco'
        ? 'A venda foi anulada e seus cupons saíram do extrato.'
        : 'A venda foi registrada no seu extrato.';
  return `Sua contestação sobre ${compra} foi ${o.decisao}. ${efeito} Motivo: ${o.motivo}`;
};
