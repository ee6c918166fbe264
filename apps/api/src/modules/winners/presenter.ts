import {
  DEFAULT_SELLER_ID,
  DEFAULT_SELLER_NAME,
  type ContempladoAdmin,
  type ContempladoPublico,
} from '@praca/contract';
import { centsToReais } from '../coupons/units.js';
import type { StoredWinner, WinnerRow, WinnerValues } from './admin-repository.js';
import type * as repo from './repository.js';

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
    id_apuracao: r.id_apuracao,
    anulado_em: r.anulado_em,
    motivo_anulacao: r.motivo_anulacao,
    entregue_em: r.entregue_em,
  };
}

type PublicRow = Awaited<ReturnType<typeof repo.listByCity>>[number];

/** A winner as consumers read it: no person's data beyond the published name; photos in order. */
export const presentPublicWinner = (r: PublicRow, fotos: string[]): ContempladoPublico => ({
  id_sorteado: r.id_sorteado,
  id_sorteio: r.numero_cupom,
  id_campanha: r.id_campanha,
  den_campanha: r.den_campanha,
  banner: r.banner,
  id_estabelecimento: r.id_estabelecimento,
  nom_estabelecimento: r.nom_estabelecimento ?? '',
  nome_sorteado: r.nome_sorteado,
  data_sorteio: r.data_sorteio,
  data_venda: r.dat_venda,
  dat_venda: r.dat_venda,
  fotos,
  images: fotos.map((url_foto) => ({ url_foto })),
});

/** What the audit log keeps of a winner: its stored fields, the coupon by number, the photos. */
export const winnerSnapshot = (v: WinnerValues, numeroCupom: number | null, fotos: string[]) => ({
  id_campanha: v.id_campanha,
  id_sorteio: numeroCupom,
  id_cupom: v.id_cupom,
  id_usuario: v.id_usuario,
  id_estabelecimento: v.id_estabelecimento,
  id_venda: v.id_venda,
  id_vendedor: v.id_vendedor,
  nome_vendedor: v.nome_vendedor,
  nome_sorteado: v.nome_sorteado,
  data_sorteio: v.data_sorteio,
  fotos,
});

/** A stored winner's values, as a write merges them. */
export const winnerValues = (w: StoredWinner): WinnerValues => ({
  id_campanha: w.id_campanha,
  id_cupom: w.id_cupom,
  id_usuario: w.id_usuario,
  id_estabelecimento: w.id_estabelecimento,
  id_venda: w.id_venda,
  id_vendedor: w.id_vendedor,
  nome_vendedor: w.nome_vendedor,
  nome_sorteado: w.nome_sorteado,
  data_sorteio: w.data_sorteio,
});
