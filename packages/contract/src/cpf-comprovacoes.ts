import { z } from 'zod';
import { CodCidadeSchema, IdSchema, numeric, PaginacaoQuery } from './common.js';
import { MSG_CONTESTACAO } from './contestacoes.js';

/**
 * Proof of a CPF by an admin (issue 52): the person sends a photo of a document and a selfie
 * holding it (each uploaded as a complaint's receipt, `POST /v1/contestacoes/comprovante`), an
 * admin of the person's city approves it (the CPF becomes `comprovado`) or refuses it, once.
 */
export const MSG_CPF_COMPROVACAO = {
  semCpf: 'Cadastre seu CPF no perfil antes de enviar a comprovação',
  jaComprovado: 'Seu CPF já está comprovado',
  jaAberta: 'Você já enviou uma comprovação de CPF, que está em análise',
  fotoInvalida: 'Foto inválida: envie a foto novamente',
  fotoNaoEncontrada: 'Foto não encontrada: envie a foto novamente',
  fotosIguais: 'Envie duas fotos diferentes: a do documento e a sua segurando o documento',
  naoEncontrada: 'Comprovação de CPF não encontrada',
  jaDecidida: 'Esta comprovação de CPF já foi decidida',
  cpfMudou:
    'O CPF desta conta mudou ou foi removido depois do envio das fotos: recuse esta comprovação e peça um novo envio',
  cpfDeOutraConta: 'Este CPF já foi comprovado por outra conta: recuse esta comprovação',
  limiteDiario: (max: number) =>
    `Você já aprovou ${max} comprovações de CPF hoje, o limite diário. Amanhã você poderá aprovar mais.`,
  linkExpirado: 'Este link da foto expirou: abra a lista de comprovações de novo',
  fotoRemovida: 'As fotos desta comprovação já foram apagadas',
  motivoObrigatorio: MSG_CONTESTACAO.motivoObrigatorio,
} as const;

/**
 * The private folder of the photos of CPF proofs, apart from the complaints' receipts
 * (`comprovantes/`): `cpf-comprovacoes/<id_usuario>-<32 hex>.png`.
 */
export const CPF_COMPROVACAO_DIR = 'cpf-comprovacoes';

/** Days after the decision when the two photos are deleted. */
export const CPF_COMPROVACAO_FOTOS_DIAS = 30;

export const STATUS_CPF_COMPROVACAO = ['aberta', 'aprovada', 'recusada'] as const;
export type StatusCpfComprovacao = (typeof STATUS_CPF_COMPROVACAO)[number];
export const ROTULO_STATUS_CPF_COMPROVACAO: Record<StatusCpfComprovacao, string> = {
  aberta: 'Em análise',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
};

/** An upload's path as `POST /v1/contestacoes/comprovante` answered it. */
const Upload = z
  .string({ error: MSG_CPF_COMPROVACAO.fotoInvalida })
  .trim()
  .regex(/^comprovantes\/\d{1,15}-[0-9a-f]{32}\.png$/, { error: MSG_CPF_COMPROVACAO.fotoInvalida });

/** `POST /v1/usuarios/cpf/comprovacao`: the document's photo and the selfie holding it. */
export const CpfComprovacaoBody = z.object({ imagem: Upload, selfie: Upload });
export type CpfComprovacaoBody = z.input<typeof CpfComprovacaoBody>;

export const CpfComprovacaoCriada = z.object({
  id_comprovacao: z.number().int(),
  status: z.literal('aberta'),
});

/** The person's latest proof, as they see it. */
export const CpfComprovacao = z.object({
  id_comprovacao: z.number().int(),
  status: z.enum(STATUS_CPF_COMPROVACAO),
  motivo: z.string().nullable(),
  criado_em: z.string(),
  decidido_em: z.string().nullable(),
});
export type CpfComprovacao = z.infer<typeof CpfComprovacao>;

/** `GET /v1/usuarios/cpf/comprovacao`: the account's CPF state and its latest proof (null: none). */
export const MinhaCpfComprovacao = z.object({
  cpf_situacao: z.enum(['', 'declarado', 'comprovado']),
  /** The account's CPF masked (`***.456.789-**`), '' without one. */
  cpf: z.string(),
  comprovacao: CpfComprovacao.nullable(),
});
export type MinhaCpfComprovacao = z.infer<typeof MinhaCpfComprovacao>;

/** `GET /v1/adm/cpf-comprovacoes?cod_cidade=&status=&pagina=&limite=`: total in X-Total-Count. */
export const CpfComprovacoesAdmQuery = PaginacaoQuery.omit({ q: true }).extend({
  cod_cidade: CodCidadeSchema.optional(),
  status: z.enum(STATUS_CPF_COMPROVACAO).optional(),
});
export type CpfComprovacoesAdmQuery = z.input<typeof CpfComprovacoesAdmQuery>;

/** A proof as the city's admins see it; the photos through short-lived links. */
export const CpfComprovacaoAdmin = CpfComprovacao.extend({
  id_usuario: z.number().int(),
  nome_usuario: z.string(),
  cod_cidade: z.number().int(),
  /** The CPF the photos must show, masked (`***.456.789-**`). */
  cpf: z.string(),
  /** Links to the document's photo and the selfie, valid a few minutes; null once deleted. */
  url_imagem: z.string().nullable(),
  url_selfie: z.string().nullable(),
  /** Until when the links work. */
  links_expiram_em: z.string().nullable(),
  decidido_por: z.number().int().nullable(),
});
export type CpfComprovacaoAdmin = z.infer<typeof CpfComprovacaoAdmin>;

export const CpfComprovacaoParams = z.object({ id_comprovacao: IdSchema });

export const FOTOS_CPF_COMPROVACAO = ['imagem', 'selfie'] as const;

/** `GET /v1/adm/cpf-comprovacoes/{id}/fotos/{foto}?por=&expira=&assinatura=`: a link's parts. */
export const CpfComprovacaoFotoParams = z.object({
  id_comprovacao: IdSchema,
  foto: z.enum(FOTOS_CPF_COMPROVACAO),
});
export const CpfComprovacaoFotoQuery = z.object({
  por: IdSchema,
  expira: numeric(z.number().int().positive().max(99_999_999_999)),
  assinatura: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: MSG_CPF_COMPROVACAO.linkExpirado }),
});

/** `POST /v1/adm/cpf-comprovacoes/{id}/decisao`. */
export const DecisaoCpfComprovacaoBody = z.object({
  decisao: z.enum(['aprovada', 'recusada']),
  motivo: z
    .string({ error: MSG_CPF_COMPROVACAO.motivoObrigatorio })
    .trim()
    .min(1, { error: MSG_CPF_COMPROVACAO.motivoObrigatorio })
    .max(500, { error: 'Use no máximo 500 caracteres' }),
});
export type DecisaoCpfComprovacaoBody = z.input<typeof DecisaoCpfComprovacaoBody>;

/** The notification a person gets when a proof is decided. */
export const tituloCpfComprovacaoDecidida = (decisao: 'aprovada' | 'recusada'): string =>
  decisao === 'aprovada' ? 'Seu CPF foi comprovado' : 'Sua comprovação de CPF foi recusada';
export const textoCpfComprovacaoDecidida = (o: {
  decisao: 'aprovada' | 'recusada';
  motivo: string;
}): string =>
  o.decisao === 'aprovada'
    ? `A administração conferiu suas fotos e comprovou seu CPF. As compras registradas com ele agora vão para a sua conta. Motivo: ${o.motivo}`
    : `A administração não aceitou as fotos enviadas. Você pode enviar novas fotos no seu perfil. Motivo: ${o.motivo}`;
