import type {
  EstabelecimentoAdmin,
  EstabelecimentoAdminItem,
  EstabelecimentoParceiro,
  EstabelecimentoPublico,
  Vendedor,
} from '@praca/contract';
import { centsToReais, fromE4, round } from '../coupons/units.js';
import type { AdminShopRow, ShopCampaignRow } from './admin-repository.js';
import type { ShopRow } from './repository.js';

/** The average of approved stars, 2 decimals; 0 before the first approved review. */
const averageRating = (soma: number, qtd: number): number => (qtd > 0 ? round(soma / qtd, 2) : 0);

/** What the consumer's list and the admin list both show of a shop, field by field. */
function shopFields(r: ShopRow | AdminShopRow): EstabelecimentoPublico {
  return {
    id_estabelecimento: r.id_estabelecimento,
    nome: r.nome,
    endereco: r.endereco,
    complemento: r.complemento,
    bairro: r.bairro,
    cidade: r.cidade,
    cep: r.cep,
    uf: r.uf,
    cod_cidade: r.cod_cidade,
    telefone: r.telefone,
    whatsup: r.whatsup,
    url_foto: r.url_foto,
    url_logo: r.url_logo,
    site: r.site,
    avaliacao: averageRating(r.soma_estrelas, r.qtd_avaliacao),
    qtd_avaliacao: r.qtd_avaliacao,
    id_categoria: r.id_categoria,
    categoria: r.categoria,
    ind_ativo: r.ind_ativo,
    ies_campanha: r.ies_campanha,
    vl_min_pedido: centsToReais(r.vl_min_pedido_centavos),
    vl_taxa_entrega: centsToReais(r.vl_taxa_entrega_centavos),
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

export const presentShop = (r: ShopRow): EstabelecimentoPublico => shopFields(r);

// --- admin screens ---------------------------------------------------------------------------

/** A row of the admin list: every stored field, money in reais, the rating averaged. */
export const presentAdminItem = (r: AdminShopRow, cnpjs: string[]): EstabelecimentoAdminItem => ({
  ...shopFields(r),
  id_cupom: r.id_cupom,
  id_campanha_def: r.id_campanha_def,
  cnpj: r.cnpj,
  // Issue 53: the shop's CNPJ list (estabelecimento_cnpjs), formatted, the main one first.
  cnpjs,
  contestacoes_aceitas: Number(r.contestacoes_aceitas ?? 0),
});

export function presentSeller(s: Vendedor): Vendedor {
  return {
    id_estabelecimento: s.id_estabelecimento,
    id_vendedor: s.id_vendedor,
    nome_vendedor: s.nome_vendedor,
  };
}

export function presentAdmin(
  r: AdminShopRow,
  vendedores: Vendedor[],
  campanhas: ShopCampaignRow[],
  cnpjs: string[],
): EstabelecimentoAdmin {
  return {
    ...presentAdminItem(r, cnpjs),
    vendedores: vendedores.map(presentSeller),
    campanhas: campanhas.map((c) => ({
      id_campanha: c.id_campanha,
      den_campanha: c.den_campanha,
      validade_ini: c.validade_ini,
      validade_fim: c.validade_fim,
      fator_cashback: fromE4(c.fator_cashback_e4),
      fator_sorteio: fromE4(c.fator_sorteio_e4),
    })),
  };
}

// --- the partner's own shops (issue 35) ------------------------------------------------------

/** What a partner sees of its shop: the public card's fields and its sellers, field by field. */
export const presentPartnerShop = (a: EstabelecimentoAdmin): EstabelecimentoParceiro => ({
  id_estabelecimento: a.id_estabelecimento,
  nome: a.nome,
  endereco: a.endereco,
  complemento: a.complemento,
  bairro: a.bairro,
  cidade: a.cidade,
  cep: a.cep,
  uf: a.uf,
  cod_cidade: a.cod_cidade,
  telefone: a.telefone,
  whatsup: a.whatsup,
  url_foto: a.url_foto,
  url_logo: a.url_logo,
  site: a.site,
  avaliacao: a.avaliacao,
  qtd_avaliacao: a.qtd_avaliacao,
  categoria: a.categoria,
  ind_ativo: a.ind_ativo,
  vendedores: a.vendedores.map(presentSeller),
});
