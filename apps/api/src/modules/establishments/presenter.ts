import type { EstabelecimentoPublico } from '@praca/contract';
import { centsToReais, round } from '../coupons/units.js';
import type { ShopRow } from './repository.js';

/** The average of approved stars, 2 decimals; 0 before the first approved review. */
export const averageRating = (soma: number, qtd: number): number => (qtd > 0 ? round(soma / qtd, 2) : 0);

export function presentShop(r: ShopRow): EstabelecimentoPublico {
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
