import { DEFAULT_SELLER_ID, DEFAULT_SELLER_NAME, type ContempladoAdmin } from '@praca/contract';
import { centsToReais } from '../coupons/units.js';
import type { WinnerRow } from './admin-repository.js';

/**
 * A winner as the admin screens read it (spec §3 Winner), field by field. Both spellings the
 * spec lists are answered: `data_venda`/`dat_venda`, `nom_vendedor`/`nome_vendedor`,
 * `fotos` (paths in order)/`images` ([{url_foto}]). The person's registered name and address
 * are '' when there is none or the person was removed (LGPD); `nome_sorteado` is the name the
 * programme published and stays. A stored seller keeps its copied name even if the seller
 * has since been deleted; none is 'Sem Vendedor' (id 99).
 */
export function presentWinner(r: WinnerRow, fotos: string[]): ContempladoAdmin {
  const person = r.usuario_removido_em === null;
  const vendedor = r.id_vendedor === null ? DEFAULT_SELLER_NAME : r.nome_vendedor;
  return {
    id_sorteado: r.id_sorteado,
    id_sorteio: r.numero_cupom === null ? null : Number(r.numero_cupom),
    id_usuario: r.id_usuario,
    id_campanha: r.id_campanha,
    den_campanha: r.den_campanha,
    id_estabelecimento: r.id_estabelecimento,
    nom_estabelecimento: r.nom_estabelecimento ?? '',
    nome_sorteado: r.nome_sorteado,
    nome: person ? (r.nome_usuario ?? '') : '',
    data_sorteio: r.data_sorteio,
    id_vendedor: r.id_vendedor ?? DEFAULT_SELLER_ID,
    nom_vendedor: vendedor,
    nome_vendedor: vendedor,
    data_venda: r.dat_venda,
    dat_venda: r.dat_venda,
    numero_venda: r.numero_venda,
    valor_venda: r.valor_centavos === null ? null : centsToReais(Number(r.valor_centavos)),
    endereco: person ? (r.endereco_usuario ?? '') : '',
    numero: person ? (r.numero_usuario ?? '') : '',
    banner: r.banner,
    fotos,
    images: fotos.map((url_foto) => ({ url_foto })),
  };
}
