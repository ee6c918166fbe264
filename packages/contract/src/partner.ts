import { z } from 'zod';
import { EstabelecimentoAdminItem, EstabelecimentoBody, ImagemBody } from './admin.js';
import { VendedorSchema } from './sales.js';

/**
 * The partner's own shops (issue 35): `/v1/parceiro/estabelecimentos`. A partner keeps what
 * a shop owner keeps — contacts, address, photo, logo and sellers — and never the fields the
 * administrators decide (name, CNPJ, city, category, flags, campaign, coupon, money, map
 * position). docs/decisions/040-partner-own-shop.md tells why.
 */

/** The fields of its shop's record a partner changes with PATCH. */
export const CAMPOS_DO_PARCEIRO = [
  'telefone',
  'whatsup',
  'site',
  'cep',
  'endereco',
  'complemento',
  'bairro',
] as const;

/**
 * The fields of the admin editor a partner may not send: a PATCH carrying any of them is
 * refused (403) whole. Photo and logo change through their own routes (an upload), so a path
 * cannot point the shop at another's picture. Other unknown keys are ignored (domain §1).
 */
export const CAMPOS_DO_ADMINISTRADOR = [
  'nome',
  'cidade',
  'uf',
  'cod_cidade',
  'id_categoria',
  'id_cupom',
  'ind_ativo',
  'vl_min_pedido',
  'vl_taxa_entrega',
  'ies_campanha',
  'id_campanha_def',
  'cnpj',
  'cnpjs',
  'latitude',
  'longitude',
  'url_foto',
  'url_logo',
] as const;

const shape = EstabelecimentoBody.shape;

/**
 * PATCH `/v1/parceiro/estabelecimentos/{id}`: only what is sent changes; `vendedores`, when
 * sent, is the whole list of sellers (as in the admin editor). Loose, so that the server sees
 * an administrator's field and refuses it instead of silently dropping it.
 */
export const EstabelecimentoParceiroBody = z.looseObject({
  telefone: shape.telefone,
  whatsup: shape.whatsup,
  site: shape.site,
  cep: shape.cep,
  endereco: shape.endereco,
  complemento: shape.complemento,
  bairro: shape.bairro,
  vendedores: shape.vendedores,
});
export type EstabelecimentoParceiroBody = z.input<typeof EstabelecimentoParceiroBody>;

/** What the partner sees of its shop: its public card and its sellers (without 'Sem Vendedor'). */
export const EstabelecimentoParceiro = EstabelecimentoAdminItem.pick({
  id_estabelecimento: true,
  nome: true,
  endereco: true,
  complemento: true,
  bairro: true,
  cidade: true,
  cep: true,
  uf: true,
  cod_cidade: true,
  telefone: true,
  whatsup: true,
  url_foto: true,
  url_logo: true,
  site: true,
  avaliacao: true,
  qtd_avaliacao: true,
  categoria: true,
  ind_ativo: true,
}).extend({ vendedores: z.array(VendedorSchema) });
export type EstabelecimentoParceiro = z.infer<typeof EstabelecimentoParceiro>;

/** The two pictures of a shop, each with its route and folder. */
export const IMAGENS_DO_PARCEIRO = { foto: 'imgest', logo: 'imglog' } as const;
export type ImagemDoParceiro = keyof typeof IMAGENS_DO_PARCEIRO;

/**
 * PUT `/v1/parceiro/estabelecimentos/{id}/foto` (or `/logo`): the picture in base64, as the
 * image service takes it; it is fitted into the folder's box (spec §9), whatever is asked.
 */
export const ImagemParceiroBody = ImagemBody.pick({ nomearq: true, conteudo: true });
export type ImagemParceiroBody = z.input<typeof ImagemParceiroBody>;
