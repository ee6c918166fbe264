import { z } from 'zod';
import { CodCidadeSchema, IdSchema, PaginacaoQuery } from './common.js';

/**
 * Issue 53: the fiscal receipt (NFC-e) as a second, verifiable way to credit. A resident sends
 * the receipt they hold (its QR code or its 44-position key); it credits only by matching the
 * partner's own report of that key (`chave_nfce` on the sale). A key counts once in the whole
 * programme. The key's reader and offline checks are in ./nfce.ts (MSG_NFCE).
 */

/** What a receipt became. */
export const STATUS_RECIBO = [
  'pendente',
  'creditado',
  'expirado',
  'doado',
  'contestado',
  'sem_comprador',
  'cancelado',
] as const;
export type StatusRecibo = (typeof STATUS_RECIBO)[number];

/** The status as the resident and the admins read it. */
export const ROTULO_STATUS_RECIBO: Record<StatusRecibo, string> = {
  pendente: 'Aguardando a loja informar esta nota',
  creditado: 'Confirmada: compra creditada',
  expirado: 'Expirada: a loja não informou esta nota a tempo',
  doado: 'Doada',
  contestado: 'Em análise: a loja informou esta nota para outra pessoa',
  sem_comprador: 'Sem comprador: você pode doá-la a uma entidade social',
  cancelado: 'Cancelada pela SEFAZ',
};

export const MSG_RECIBO = {
  qrOuChave: 'Escaneie o QR code da nota ou digite a chave de acesso',
  jaUsado: 'Esta nota já foi registrada no programa.',
  deOutraPessoa:
    'A loja informou esta nota para outra pessoa. Abrimos uma contestação para a prefeitura analisar.',
  semComprador:
    'A loja informou esta nota sem comprador: ela não credita pontos, mas você pode doá-la a uma entidade social.',
  /** `{n}` is replaced by RECIBO_MAX_LOJA_DIA. */
  limiteLojaDia: 'Você já registrou {n} notas desta loja hoje. Tente de novo amanhã.',
  naoEncontrado: 'Nota não encontrada',
  naoDoavel: 'Só uma nota que a loja informou sem comprador pode ser doada',
  entidadeNaoEncontrada: 'Entidade social não encontrada',
  /** SEFAZ (where a city has its gateway): the receipt was denied or cancelled. */
  sefazRecusou: 'A SEFAZ não reconhece esta nota como autorizada.',
  sefazIndisponivel: 'Não conseguimos consultar a SEFAZ agora. Tente de novo em alguns minutos.',
} as const;

/** What the resident is told after sending a receipt, by its status. */
export const RESULTADO_RECIBO: Record<'creditado' | 'pendente' | 'doado', string> = {
  creditado: 'Nota confirmada! A compra já está no seu extrato.',
  pendente: 'Nota registrada. Aguardando a loja informar esta nota: avisaremos quando for confirmada.',
  doado: 'Nota doada. Obrigado por ajudar uma entidade social!',
};

/** `POST /v1/recibos`: the QR code's text or the key typed (one of them), and where to donate. */
export const ReciboBody = z
  .object({
    qrcode: z.string().trim().max(2000).optional(),
    chave: z.string().trim().max(200).optional(),
    /** Only for a receipt the shop reported without a buyer: the entity it is donated to. */
    id_entidade: IdSchema.optional(),
  })
  .refine((b) => (b.qrcode ?? '') !== '' || (b.chave ?? '') !== '', { error: MSG_RECIBO.qrOuChave });
export type ReciboBody = z.input<typeof ReciboBody>;

/** A receipt as its sender sees it (`POST` and `GET /v1/recibos`): the key in full (it is theirs). */
export const Recibo = z.object({
  id_recibo: z.number().int(),
  chave: z.string(),
  status: z.enum(STATUS_RECIBO),
  id_estabelecimento: z.number().int(),
  nome_estabelecimento: z.string(),
  /** Reais, when the QR or the shop's report gave it. */
  valor: z.number().nullable(),
  /** 'YYYY-MM', or 'YYYY-MM-DD' when the QR gave the day. */
  dat_emissao: z.string(),
  /** The sale it confirmed or the donation made, when there is one. */
  id_venda: z.number().int().nullable(),
  id_entidade: z.number().int().nullable(),
  nome_entidade: z.string().nullable(),
  criado_em: z.string(),
  /** A pending receipt expires then. */
  expira_em: z.string().nullable(),
});
export type Recibo = z.infer<typeof Recibo>;

/** `POST /v1/recibos/{id_recibo}/doacao`: a receipt without a buyer given to a social entity. */
export const DoacaoReciboBody = z.object({ id_entidade: IdSchema });
export type DoacaoReciboBody = z.input<typeof DoacaoReciboBody>;
export const ReciboParams = z.object({ id_recibo: IdSchema });

/** `GET /v1/recibos`: the resident's own receipts, newest first (`X-Total-Count`). */
export const RecibosQuery = PaginacaoQuery.pick({ pagina: true, limite: true });

/** A receipt as the city's admins see it: who sent it. */
export const ReciboAdmin = Recibo.extend({
  id_usuario: z.number().int(),
  nome_usuario: z.string(),
  cod_cidade: z.number().int(),
  cnpj: z.string(),
  id_contestacao: z.number().int().nullable(),
  sefaz_situacao: z.string().nullable(),
});
export type ReciboAdmin = z.infer<typeof ReciboAdmin>;

/** `GET /v1/adm/recibos`: a city's receipts, newest first, paged (`X-Total-Count`), exportable. */
export const RecibosAdmQuery = PaginacaoQuery.extend({
  cod_cidade: CodCidadeSchema,
  status: z.enum(STATUS_RECIBO).optional(),
  id_estabelecimento: IdSchema.optional(),
});
export type RecibosAdmQuery = z.input<typeof RecibosAdmQuery>;

/** The notification of a pending receipt that expired. */
export const TITULO_RECIBO_EXPIRADO = 'Sua nota fiscal expirou';
export const textoReciboExpirado = (loja: string): string =>
  `A loja ${loja} não informou a nota que você registrou a tempo, e ela não foi creditada. Se você fez a compra, abra uma contestação em "Minha compra não foi registrada".`;
/** The notification of a pending receipt the shop's report confirmed. */
export const TITULO_RECIBO_CREDITADO = 'Sua nota fiscal foi confirmada';
export const textoReciboCreditado = (loja: string): string =>
  `A loja ${loja} informou a sua nota, e a compra já está no seu extrato.`;

/**
 * Issue 53, SEFAZ (where a city runs its gateway, docs/sefaz.md): what the gateway answered of a
 * receipt's key, kept in `sefaz_situacao`; `indisponivel` when it could not be asked or answered
 * out of its contract.
 */
export const SITUACOES_SEFAZ = [
  'autorizada',
  'cancelada',
  'denegada',
  'inexistente',
  'indisponivel',
] as const;
export type SituacaoSefaz = (typeof SITUACOES_SEFAZ)[number];

/** The SEFAZ answer as the admins read it. */
export const ROTULO_SITUACAO_SEFAZ: Record<SituacaoSefaz, string> = {
  autorizada: 'Autorizada pela SEFAZ',
  cancelada: 'Cancelada na SEFAZ',
  denegada: 'Denegada pela SEFAZ',
  inexistente: 'Não encontrada na SEFAZ',
  indisponivel: 'SEFAZ não respondeu',
};

/** The notification of a receipt SEFAZ answered cancelled (or denied, or unknown) after it was sent. */
export const TITULO_RECIBO_CANCELADO = 'Sua nota fiscal foi cancelada';
export const textoReciboCancelado = (
  loja: string,
  o: { creditoDesfeito: boolean; doada?: boolean },
): string =>
  o.doada
    ? `A SEFAZ informou que a nota da loja ${loja} que você doou foi cancelada, e a doação foi desfeita.`
    : o.creditoDesfeito
      ? `A SEFAZ informou que a nota da loja ${loja} foi cancelada. A compra saiu do seu extrato e os cupons dela foram anulados.`
      : `A SEFAZ informou que a nota da loja ${loja} foi cancelada: ela não vale mais no programa.`;

/** The notification of a pending receipt the shop reported for someone else (a complaint opened). */
export const TITULO_RECIBO_CONTESTADO = 'Sua nota fiscal está em análise';
export const textoReciboContestado = (loja: string): string =>
  `A loja ${loja} informou a nota que você registrou para outra pessoa. Abrimos uma contestação, e a prefeitura vai analisar.`;
/** The notification of a pending receipt the shop reported without a buyer: it may be donated. */
export const TITULO_RECIBO_SEM_COMPRADOR = 'Sua nota fiscal pode ser doada';
export const textoReciboSemComprador = (loja: string): string =>
  `A loja ${loja} informou a nota que você registrou sem comprador: ela não credita pontos, mas você pode doá-la a uma entidade social em "Minhas notas".`;
