import { z } from 'zod';
import { CodCidadeSchema, numeric, SimNao } from './common.js';
import { PARTICIPANTES_PAGE, PARTICIPANTES_PAGE_MAX } from './limits.js';
import { MSG } from './messages.js';

/** `?cod_cidade=` of the consumer lists. */
export const CidadeQuery = z.object({ cod_cidade: CodCidadeSchema });

/**
 * `GET /v1/estabelecimentos/busca?cod_cidade=&q=&pagina=&limite=` (issue 38): a page of the
 * city's active shops by name, `q` a part of the name (case and accents do not matter); the
 * total in `X-Total-Count`.
 */
export const EstabelecimentosBuscaQuery = CidadeQuery.extend({
  q: z.string().trim().max(100).optional(),
  pagina: numeric(z.number().int().min(1).max(100_000)).default(1),
  limite: numeric(z.number().int().min(1).max(PARTICIPANTES_PAGE_MAX)).default(PARTICIPANTES_PAGE),
});
export type EstabelecimentosBuscaQuery = z.input<typeof EstabelecimentosBuscaQuery>;
/**
 * `GET /v1/campanhas`: `?cod_cidade=`, or the spelling of the admin's call, `?codcidade=` (spec
 * §7). One of them is needed ('Escolha a cidade').
 */
export const CampanhasQuery = z
  .object({ cod_cidade: CodCidadeSchema.optional(), codcidade: CodCidadeSchema.optional() })
  .refine((q) => q.cod_cidade !== undefined || q.codcidade !== undefined, { error: 'Escolha a cidade' });

/** A shop as consumers see it (spec §3, Establishment), money in reais with 2 decimals. */
export const EstabelecimentoPublico = z.object({
  id_estabelecimento: z.number().int(),
  nome: z.string(),
  endereco: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  cep: z.string(),
  uf: z.string(),
  cod_cidade: z.number().int(),
  telefone: z.string(),
  whatsup: z.string(),
  url_foto: z.string(),
  url_logo: z.string(),
  site: z.string(),
  avaliacao: z.number(),
  qtd_avaliacao: z.number().int(),
  id_categoria: z.number().int().nullable(),
  categoria: z.string().nullable(),
  ind_ativo: SimNao,
  ies_campanha: SimNao,
  vl_min_pedido: z.number(),
  vl_taxa_entrega: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type EstabelecimentoPublico = z.infer<typeof EstabelecimentoPublico>;

export const CampanhaEstabelecimento = z.object({
  id_estabelecimento: z.number().int(),
  nome: z.string(),
  id_campanha: z.number().int(),
  fator_cashback: z.number(),
  fator_sorteio: z.number(),
});

export const CampanhaPublica = z.object({
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  banner: z.string(),
  validade_ini: z.string(),
  validade_fim: z.string(),
  link: z.string(),
  cod_cidade: z.number().int(),
  estabelecimentos: z.array(CampanhaEstabelecimento),
});
export type CampanhaPublica = z.infer<typeof CampanhaPublica>;

/**
 * A running or upcoming campaign without its participating shops (`GET /v1/campanhas/resumo`,
 * decision 042): what the home's carousel shows, the same size in a city of any size.
 */
export const CampanhaResumo = CampanhaPublica.omit({ estabelecimentos: true });
export type CampanhaResumo = z.infer<typeof CampanhaResumo>;

/** A winner as the home and /meu/sorteados show it; both spellings the spec lists. */
export const ContempladoPublico = z.object({
  id_sorteado: z.number().int(),
  id_sorteio: z.number().int().nullable(),
  id_campanha: z.number().int(),
  den_campanha: z.string(),
  banner: z.string(),
  id_estabelecimento: z.number().int().nullable(),
  nom_estabelecimento: z.string(),
  nome_sorteado: z.string(),
  data_sorteio: z.string(),
  data_venda: z.string().nullable(),
  dat_venda: z.string().nullable(),
  fotos: z.array(z.string()),
  images: z.array(z.object({ url_foto: z.string() })),
});
export type ContempladoPublico = z.infer<typeof ContempladoPublico>;

export const AvisoPublico = z.object({
  id_aviso: z.number().int(),
  cod_cidade: z.number().int(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  image: z.string(),
  validade: z.string(),
});
export type AvisoPublico = z.infer<typeof AvisoPublico>;

export const PromocaoPublica = z.object({
  id_promocao: z.number().int(),
  id_estabelecimento: z.number().int(),
  dat_inicio: z.string(),
  dat_final: z.string(),
  imagem: z.string(),
  linkproduto: z.string(),
  val_desconto: z.number(),
  porc_desconto: z.number(),
  val_minimo: z.number(),
  cod_produto: z.string(),
  regra: z.string(),
});
export type PromocaoPublica = z.infer<typeof PromocaoPublica>;

// ── Reviews (spec §3, domain §6) ───────────────────────────────────────────

/** Stars are checked before the text, as the web form does. */
export const AvaliacaoBody = z.object({
  id_estabelecimento: numeric(z.number().int().positive()),
  nro_estrelas: numeric(
    z
      .number({ error: MSG.escolhaEstrelas })
      .int({ error: MSG.escolhaEstrelas })
      .min(1, { error: MSG.escolhaEstrelas })
      .max(5, { error: MSG.escolhaEstrelas }),
  ),
  den_avaliacao: z
    .string({ error: MSG.descrevaOpiniao })
    .trim()
    .min(1, { error: MSG.descrevaOpiniao })
    .max(2000, { error: 'Use no máximo 2000 caracteres' }),
});
export type AvaliacaoBody = z.input<typeof AvaliacaoBody>;

export const AvaliacaoItem = z.object({
  nomeusuario: z.string(),
  datahora: z.string(),
  den_avaliacao: z.string(),
  den_resposta: z.string(),
  nro_estrelas: z.number().int(),
});

export const AvaliacoesResposta = z.object({
  resumo: z.object({
    nro_avaliacoes: z.number().int(),
    estrelas1: z.number().int(),
    estrelas2: z.number().int(),
    estrelas3: z.number().int(),
    estrelas4: z.number().int(),
    estrelas5: z.number().int(),
  }),
  itens: z.array(AvaliacaoItem),
});
export type AvaliacoesResposta = z.infer<typeof AvaliacoesResposta>;

export const AvaliacoesPendentesQuery = z.object({
  id: numeric(z.number().int().positive()).optional(),
  aprovado: SimNao.default('N'),
  cod_cidade: CodCidadeSchema.optional(),
});

export const AvaliacaoPendente = z.object({
  id_avaliacao: z.number().int(),
  id_estabelecimento: z.number().int(),
  nome_estabelecimento: z.string(),
  nomeusuario: z.string(),
  datahora: z.string(),
  den_avaliacao: z.string(),
  den_resposta: z.string(),
  nro_estrelas: z.number().int(),
  aprovado: SimNao,
});
export type AvaliacaoPendente = z.infer<typeof AvaliacaoPendente>;

export const AprovarAvaliacaoBody = z.object({
  ies_aprovacao: SimNao.default('S'),
  den_resposta: z
    .string()
    .trim()
    .max(2000, { error: 'Use no máximo 2000 caracteres' })
    .optional()
    .default(''),
});
export type AprovarAvaliacaoBody = z.input<typeof AprovarAvaliacaoBody>;
