import { z } from 'zod';
import { CnpjSchema, MSG_ADMIN } from './admin.js';
import { CodCidadeSchema, IdSchema } from './common.js';

/** Issue 40: the city's social entities and the coupons residents give them. */
export const MSG_ENTIDADE = {
  nomeObrigatorio: 'Informe o nome da entidade',
  causaObrigatoria: 'Informe a causa da entidade',
  emailInvalido: 'Informe um e-mail válido para a conta da entidade',
  cnpjEmUso: 'Já existe uma entidade com este CNPJ nesta cidade',
  entidadeNaoEncontrada: 'Entidade não encontrada',
  outraCidade: 'Escolha uma entidade da cidade da campanha',
  campanhaNaoEncontrada: 'Campanha não encontrada',
  campanhaEncerrada: 'Esta campanha já terminou: não é possível doar seus cupons',
  doacaoJaFeita: 'Você já doou os cupons desta campanha',
  entidadeNaoDoa: 'Uma entidade não doa cupons',
  doacaoFeita: 'Doação registrada. Obrigado!',
} as const;

const texto = (max: number, vazio: string) =>
  z
    .string({ error: vazio })
    .trim()
    .min(1, { error: vazio })
    .max(max, { error: `Use no máximo ${max} caracteres` });

/** `POST /v1/adm/entidades`: the entity and the e-mail of its own account. */
export const EntidadeBody = z.object({
  nome: texto(120, MSG_ENTIDADE.nomeObrigatorio),
  cnpj: CnpjSchema.refine((v) => v !== '', { error: MSG_ADMIN.cnpjInvalido }),
  causa: texto(200, MSG_ENTIDADE.causaObrigatoria),
  cod_cidade: CodCidadeSchema,
  email: z
    .string({ error: MSG_ENTIDADE.emailInvalido })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: MSG_ENTIDADE.emailInvalido }).max(254, { error: MSG_ENTIDADE.emailInvalido })),
  /** An image path from `POST /v1/adm/imagens` (optional). */
  logo: z.string().trim().max(500).optional().default(''),
  /** Phone, site or address the public may use (optional). */
  contato: z.string().trim().max(200).optional().default(''),
});
export type EntidadeBody = z.input<typeof EntidadeBody>;

export const EntidadeCriada = z.object({ id_entidade: z.number().int() });

export const EntidadesQuery = z.object({ cod_cidade: CodCidadeSchema });

/** What an entity received in one campaign: live coupons held, and prizes won. */
export const EntidadeCampanha = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  cupons: z.number().int(),
});

/** A prize an entity won: the draw's day and, for an apuração, the prize's order (1st, 2nd…). */
export const EntidadePremio = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  data_sorteio: z.string(),
  premio: z.number().int().nullable(),
});

/** `GET /v1/entidades?cod_cidade=` (public): each entity, coupons per campaign, prizes won. */
export const EntidadePublica = z.object({
  id_entidade: z.number().int(),
  nome: z.string(),
  cnpj: z.string(),
  causa: z.string(),
  logo: z.string(),
  contato: z.string(),
  cupons: z.number().int(),
  campanhas: z.array(EntidadeCampanha),
  premios: z.array(EntidadePremio),
});
export type EntidadePublica = z.infer<typeof EntidadePublica>;

export const MODOS_DOACAO = ['todos', 'futuros'] as const;

/** `POST /v1/usuarios/doacoes`: all of a campaign's coupons (held now and to come), or those to come. */
export const DoacaoBody = z.object({
  id_campanha: IdSchema,
  id_entidade: IdSchema,
  modo: z.enum(MODOS_DOACAO, { error: "Escolha 'todos' ou 'futuros'" }),
});
export type DoacaoBody = z.input<typeof DoacaoBody>;

/** A resident's gift: which entity holds the campaign's coupons, since when, how many now. */
export const Doacao = z.object({
  id_campanha: z.number().int(),
  id_entidade: z.number().int(),
  nome_entidade: z.string(),
  modo: z.enum(MODOS_DOACAO),
  criado_em: z.string(),
  /** The resident's live coupons of the campaign the entity holds now. */
  cupons: z.number().int(),
});
export type Doacao = z.infer<typeof Doacao>;

/** Issue 40, decision 052: the resident's chosen entity, which receives the campaigns' share. */
export const MSG_ESCOLHA = {
  outraCidade: 'Escolha uma entidade da sua cidade',
  entidadeNaoEscolhe: 'Uma entidade não escolhe outra entidade',
  escolhida: 'Entidade escolhida. Obrigado!',
  nenhuma: 'Você não tem mais uma entidade escolhida',
} as const;

/** `PUT /v1/usuarios/entidade`: the entity that gets the campaigns' share of my coupons; null for none. */
export const EscolhaEntidadeBody = z.object({ id_entidade: IdSchema.nullable() });
export type EscolhaEntidadeBody = z.input<typeof EscolhaEntidadeBody>;

/**
 * `GET` and `PUT /v1/usuarios/entidade`: the choice in force (nulls when none), from when. The
 * coupons issued from `desde` on give the campaigns' share (`pct_entidade`) to it.
 */
export const EscolhaEntidade = z.object({
  id_entidade: z.number().int().nullable(),
  nome_entidade: z.string().nullable(),
  desde: z.string().nullable(),
});
export type EscolhaEntidade = z.infer<typeof EscolhaEntidade>;
