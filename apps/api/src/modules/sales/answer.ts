import type { Kysely } from 'kysely';
import {
  MSG_VENDA,
  type Venda,
  type VendaCpfCriada,
  type VendaCriada,
  type VendaQrResposta,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import * as coupons from '../coupons/service.js';
import { handOverCode } from './hand-over.js';
import { presentSale, type Nomes } from './presenter.js';
import * as repo from './repository.js';
import type { Resolved } from './resolve.js';

/** What a sale's writes answer: the sale as written, read back, or a pending sale's code. */

export type Criada =
  | { qr: false; cpf: false; resposta: VendaCriada }
  | { qr: true; cpf: false; resposta: VendaQrResposta }
  | { qr: false; cpf: true; resposta: VendaCpfCriada };

/** What a new sale's transaction answers: the written sale, or a pending sale's code. */
export type Written =
  { resposta: VendaCriada; codigo?: undefined } | { codigo: string; id_venda: number; expira_em: string };

/**
 * What a new sale answers: the sale as written, or a pending sale's hand-over code. Issue 53:
 * `confirmadoEm` is when a receipt a resident had already sent confirmed it (`keyReported`).
 */
export function writtenOrCode(
  resolved: Resolved,
  id_venda: number,
  ledger: coupons.LedgerResult | null,
  at: string,
  hand: { secret: string; expira_em: string } | null,
  confirmadoEm: string | null = null,
): Written {
  const { values, den_campanha, nome_estabelecimento, shown, chave } = resolved;
  if (!hand) {
    return {
      resposta: writtenAnswer(
        { id_venda, values, den_campanha, nome_estabelecimento, shown, chave, confirmadoEm },
        ledger,
        at,
      ),
    };
  }
  const codigo = handOverCode(hand.secret, {
    ...values,
    id_venda,
    den_campanha,
    nome_estabelecimento,
    expira_em: hand.expira_em,
  });
  return { id_venda, codigo, expira_em: hand.expira_em };
}

/** A live sale as the screens show it, its recipient named as `nomes` says (404 when there is none). */
export async function view(db: Kysely<Database>, idVenda: number, nomes: Nomes): Promise<Venda> {
  const row = await repo.findSaleView(db, idVenda);
  if (!row) throw new HttpError(404, MSG_VENDA.vendaNaoEncontrada);
  const live = await coupons.liveCountBySale(db, [idVenda]);
  return presentSale(row, live.get(idVenda) ?? 0, nomes);
}

/**
 * A new sale's answer from what its transaction wrote, as reading the sale and the consumer's
 * coupons back would show it (test 'answers a new sale exactly as it is stored').
 */
function writtenAnswer(
  sale: { id_venda: number; confirmadoEm: string | null } & Pick<
    Resolved,
    'values' | 'den_campanha' | 'nome_estabelecimento' | 'shown' | 'chave'
  >,
  ledger: coupons.LedgerResult | null,
  at: string,
): VendaCriada {
  const { id_venda, values, den_campanha, nome_estabelecimento, shown } = sale;
  const emitidos = ledger?.emitidos ?? [];
  const venda = presentSale(
    {
      id_venda,
      id_campanha: values.id_campanha,
      den_campanha,
      id_estabelecimento: values.id_estabelecimento,
      nome_estabelecimento,
      id_usuario: values.id_usuario,
      nome_usuario: shown.nome_usuario,
      nome_entidade: shown.nome_entidade,
      dat_venda: values.dat_venda,
      numero_venda: values.numero_venda,
      valor_centavos: values.valor_centavos,
      id_vendedor: values.id_vendedor,
      nome_vendedor: shown.nomeVendedor,
      pontos_e6: values.pontos_e6,
      cashback_e6: values.cashback_e6,
      cpf_mascara: null,
      chave_nfce: sale.chave,
      recibo_confirmado_em: sale.confirmadoEm,
      // A sale answered here has no hand-over code (that one answers its code).
      qr_token_hash: null,
    },
    emitidos.length,
    shown.nomes,
  );
  const cupons = emitidos.map((id_cupom, i) =>
    coupons.presentCoupon({
      id_cupom,
      numero: ledger!.numeros[i]!,
      dat_emissao: at,
      id_campanha: values.id_campanha,
      den_campanha,
      banner: shown.banner,
      id_estabelecimento: values.id_estabelecimento,
      nom_estabecimento: nome_estabelecimento,
      url_logo: shown.url_logo,
    }),
  );
  // Issue 52: another person's balance is for admins only; a partner's answer has none.
  if (shown.nomes === 'parceiro') return { venda, cupons };
  const pontos =
    values.id_usuario === null
      ? 0
      : (ledger?.saldos.get(
          coupons.balanceKey({ id_usuario: values.id_usuario, id_campanha: values.id_campanha }),
        ) ?? 0);
  return { venda, cupons, saldo: coupons.saldoOf(pontos) };
}

/** The recipient's progress toward the next coupon in the sale's campaign. */
export async function recipientSaldo(db: Kysely<Database>, venda: Venda): Promise<number> {
  if (venda.id_usuario <= 0) return 0;
  const pontos = await coupons.balanceOf(db, {
    id_usuario: venda.id_usuario,
    id_campanha: venda.id_campanha,
  });
  return coupons.saldoOf(pontos);
}
