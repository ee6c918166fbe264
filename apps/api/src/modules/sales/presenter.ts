import type { Venda } from '@praca/contract';
import { DEFAULT_SELLER_ID, DEFAULT_SELLER_NAME } from '@praca/contract/plain';
import { personName, type Nomes } from '../users/presenter.js';
import { cashbackForDisplay, centsToReais, pointsForDisplay } from '../coupons/units.js';
import type { SaleViewRow } from './repository.js';

export { namesFor, type Nomes } from '../users/presenter.js';

/** Issue 52: a recipient's name as the caller sees it (the customer search's rule, users/presenter.ts). */
function recipientName(nome: string | null, entidade: string | null, nomes: Nomes): string {
  return nome === null ? '' : personName(nome, entidade, nomes);
}

/**
 * A sale on the wire, field by field: 'Sem Vendedor' is 99, a pending sale's recipient -1.
 * Recipients named as `nomes` (issue 52: a partner sees 'Maria S.'). `admin`: the city admins'
 * list also shows why a sale waiting for a CPF was refused (issue 52); a partner is not told (it
 * would say that the CPF has an account).
 */
export function presentSale(
  r: Omit<SaleViewRow, 'cpf_motivo'> & { cpf_motivo?: string | null },
  cuponsVivos: number,
  nomes: Nomes,
  o: { admin?: boolean } = {},
): Venda {
  const pendente = r.id_usuario === null;
  return {
    id_venda: r.id_venda,
    id_campanha: r.id_campanha,
    den_campanha: r.den_campanha,
    id_estabelecimento: r.id_estabelecimento,
    nome_estabelecimento: r.nome_estabelecimento,
    id_usuario: r.id_usuario ?? -1,
    nomeusuarios: pendente ? '' : recipientName(r.nome_usuario, r.nome_entidade, nomes),
    dat_venda: r.dat_venda,
    numero_venda: r.numero_venda,
    valor_venda: centsToReais(r.valor_centavos),
    id_vendedor: r.id_vendedor ?? DEFAULT_SELLER_ID,
    nome_vendedor: r.id_vendedor === null ? DEFAULT_SELLER_NAME : (r.nome_vendedor ?? DEFAULT_SELLER_NAME),
    pontos: pointsForDisplay(Number(r.pontos_e6)),
    cashback: cashbackForDisplay(Number(r.cashback_e6)),
    cupons: cuponsVivos,
    pendente,
    // Issue 40: a sale waiting for a CPF's account shows that CPF masked, never more.
    ...(pendente && r.cpf_mascara ? { pendente_cpf: true, cpf: r.cpf_mascara } : {}),
    ...(o.admin && pendente && r.cpf_motivo ? { cpf_motivo: r.cpf_motivo } : {}),
  };
}
