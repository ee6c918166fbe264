import { z } from 'zod';
import { CnpjSchema, MSG_ADMIN } from './admin.js';
import { ImagemConteudoSchema } from './city-content.js';
import { CodCidadeSchema, IdSchema, nomeDigitado } from './common.js';

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
  nadaAlterar: 'Informe ao menos um campo para alterar',
  contatoLongo: 'Use no máximo 200 caracteres no contato',
} as const;

const texto = (max: number, vazio: string) =>
  z
    .string({ error: vazio })
    .trim()
    .min(1, { error: vazio })
    .max(max, { error: `Use no máximo ${max} caracteres` });

/** The fields an admin sets on an entity, at registration and when editing it. */
const nome = nomeDigitado(texto(120, MSG_ENTIDADE.nomeObrigatorio));
const cnpj = CnpjSchema.refine((v) => v !== '', { error: MSG_ADMIN.cnpjInvalido });
const causa = texto(200, MSG_ENTIDADE.causaObrigatoria);
/**
 * The logo: a path from the image service (`POST /img/imglog/post_img.php`), its URL on this
 * server, an http(s) address, or '' for none; stored as the path.
 */
const logo = ImagemConteudoSchema;
/** Phone, site or address the public may use. */
const contato = z
  .string({ error: MSG_ENTIDADE.contatoLongo })
  .trim()
  .max(200, { error: MSG_ENTIDADE.contatoLongo });

/** `POST /v1/adm/entidades`: the entity and the e-mail of its own account. */
export const EntidadeBody = z.object({
  nome,
  cnpj,
  causa,
  cod_cidade: CodCidadeSchema,
  email: z
    .string({ error: MSG_ENTIDADE.emailInvalido })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: MSG_ENTIDADE.emailInvalido }).max(254, { error: MSG_ENTIDADE.emailInvalido })),
  /** Optional: none by default. */
  logo: logo.optional().default(''),
  /** Optional: none by default. */
  contato: contato.optional().default(''),
});
export type EntidadeBody = z.input<typeof EntidadeBody>;

/**
 * `PATCH /v1/adm/entidades/{id}`: the fields sent change, validated as at registration; at
 * least one. The city and the account's e-mail stay.
 */
export const EntidadeAlteracao = z
  .object({
    nome: nome.optional(),
    cnpj: cnpj.optional(),
    causa: causa.optional(),
    logo: logo.optional(),
    contato: contato.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: MSG_ENTIDADE.nadaAlterar });
export type EntidadeAlteracao = z.input<typeof EntidadeAlteracao>;

export const EntidadeCriada = z.object({ id_entidade: z.number().int() });

export const EntidadesQuery = z.object({ cod_cidade: CodCidadeSchema });

/**
 * `GET /v1/adm/entidades` and the answer of `PATCH /v1/adm/entidades/{id}`: an entity as its
 * city's admin edits it, with its account's e-mail.
 */
export const EntidadeAdmin = z.object({
  id_entidade: z.number().int(),
  cod_cidade: z.number().int(),
  nome: z.string(),
  cnpj: z.string(),
  causa: z.string(),
  /** The stored path ('' = none). */
  logo: z.string(),
  contato: z.string(),
  /** The e-mail of the entity's own account. */
  email: z.string(),
  atualizado_em: z.string(),
});
export type EntidadeAdmin = z.infer<typeof EntidadeAdmin>;

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
