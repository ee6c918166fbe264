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
 * would say that the CPF has an account). To a partner (`nomes` 'parceiro') a sale given by CPF
 * shows as waiting for it whether or not it was credited: no recipient, no coupons (issue 52).
 */
export function presentSale(
  r: Omit<SaleViewRow, 'cpf_motivo'> & { cpf_motivo?: string | null },
  cuponsVivos: number,
  nomes: Nomes,
  o: { admin?: boolean } = {},
): Venda {
  // Issue 52: to a partner a sale given by CPF stays as it was given, waiting for that CPF,
  // once credited too: the same bytes either way, so typing CPFs tells nothing of their owners.
  const comoDada = nomes === 'parceiro' && r.cpf_mascara !== null;
  const pendente = comoDada || r.id_usuario === null;
  return {
    id_venda: r.id_venda,
    id_campanha: r.id_campanha,
    den_campanha: r.den_campanha,
    id_estabelecimento: r.id_estabelecimento,
    nome_estabelecimento: r.nome_estabelecimento,
    id_usuario: pendente ? -1 : (r.id_usuario ?? -1),
    nomeusuarios: pendente ? '' : recipientName(r.nome_usuario, r.nome_entidade, nomes),
    dat_venda: r.dat_venda,
    numero_venda: r.numero_venda,
    valor_venda: centsToReais(r.valor_centavos),
    id_vendedor: r.id_vendedor ?? DEFAULT_SELLER_ID,
    nome_vendedor: r.id_vendedor === null ? DEFAULT_SELLER_NAME : (r.nome_vendedor ?? DEFAULT_SELLER_NAME),
    pontos: pointsForDisplay(Number(r.pontos_e6)),
    cashback: cashbackForDisplay(Number(r.cashback_e6)),
    cupons: comoDada ? 0 : cuponsVivos,
    pendente,
    // Issue 40: a sale waiting for a CPF's account shows that CPF masked, never more.
    ...(pendente && r.cpf_mascara ? { pendente_cpf: true, cpf: r.cpf_mascara } : {}),
    ...(o.admin && !comoDada && pendente && r.cpf_motivo ? { cpf_motivo: r.cpf_motivo } : {}),
    chave_nfce: r.chave_nfce,
    // Issue 52's rule holds: to a partner a sale given by CPF tells nothing of its holder.
    confirmada_recibo: !comoDada && r.recibo_confirmado_em !== null,
    // Issue 53: a report with a key that names nobody (no recipient, CPF nor hand-over code).
    ...(r.id_usuario === null && r.chave_nfce !== null && r.cpf_mascara === null && r.qr_token_hash === null
      ? { sem_comprador: true }
      : {}),
  };
}
