import type { z } from 'zod';
import { ConteudoQrAssinado, DEFAULT_SELLER_ID, MSG_VENDA, type VendaQrResposta } from '@praca/contract';
import { nowIso } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { claimToken, signCode } from '../../lib/qr-code.js';
import type { AuthUser } from '../auth/types.js';
import { centsToReais } from '../coupons/units.js';
import * as establishments from '../establishments/service.js';
import type { SalesDeps } from './deps.js';
import * as repo from './repository.js';

/** The hand-over code of a pending sale (QR): made when the sale is registered, shown again. */

/** What a pending sale's code is made of: the same sale, unchanged, makes the same code. */
interface HandOver {
  id_venda: number;
  id_campanha: number;
  den_campanha: string;
  id_estabelecimento: number;
  nome_estabelecimento: string;
  numero_venda: string;
  valor_centavos: number;
  id_vendedor: number | null;
  expira_em: string;
}

/** The signed hand-over code (ConteudoQrAssinado) of a pending sale. */
export function handOverCode(secret: string, sale: HandOver): string {
  const content: z.input<typeof ConteudoQrAssinado> = {
    idcampanha: sale.id_campanha,
    dencampanha: sale.den_campanha,
    idestabelecimento: sale.id_estabelecimento,
    nomeestabelecimento: sale.nome_estabelecimento,
    numerovenda: sale.numero_venda,
    valorvenda: centsToReais(sale.valor_centavos),
    id_vendedor: sale.id_vendedor ?? DEFAULT_SELLER_ID,
    id_venda: sale.id_venda,
    token: claimToken(secret, sale),
    exp: sale.expira_em,
  };
  return signCode(secret, content);
}

/** A pending (QR) sale's claim token and its expiry; null for a sale with a recipient. */
export function handOver(
  qr: { secret: string; ttlHours: number } | null,
  values: repo.SaleValues,
  at: string,
): { secret: string; token: string; expira_em: string } | null {
  if (!qr) return null;
  const expira_em = new Date(Date.parse(at) + qr.ttlHours * 3_600_000).toISOString();
  return { secret: qr.secret, token: claimToken(qr.secret, { ...values, expira_em }), expira_em };
}

/**
 * A pending sale's hand-over code again, for who runs its shop (the edit dialog shows it): the
 * same code as when it was registered, until it is claimed (409) or expires (410). A sale of
 * another shop is 404, as `getOne`; one with a recipient has no code (409).
 */
export async function handOverAgain(
  deps: Pick<SalesDeps, 'db' | 'qrSecret'>,
  user: AuthUser,
  idEstabelecimento: number,
  idVenda: number,
): Promise<VendaQrResposta> {
  const shop = await establishments.shopToRun(deps.db, user, idEstabelecimento);
  const sale = await repo.findHandOver(deps.db, idVenda);
  if (!sale || sale.excluida_em !== null || sale.id_estabelecimento !== shop.id_estabelecimento) {
    throw new HttpError(404, MSG_VENDA.vendaNaoEncontrada);
  }
  // Issue 52: a sale given by CPF has no code, credited (claimed) or not: one answer for both.
  if (sale.cpf_mascara !== null) throw new HttpError(409, MSG_VENDA.naoPendente);
  if (sale.reivindicada_em !== null) throw new HttpError(409, MSG_VENDA.codigoJaUsado);
  const expira_em = sale.qr_expira_em;
  if (sale.id_usuario !== null || sale.qr_token_hash === null || expira_em === null) {
    throw new HttpError(409, MSG_VENDA.naoPendente);
  }
  if (expira_em <= nowIso()) throw new HttpError(410, MSG_VENDA.codigoExpirado);
  const secret = await deps.qrSecret();
  // A code made with a random token (before issue 35) or under another QR_SECRET.
  if (sha256Hex(claimToken(secret, { ...sale, expira_em })) !== sale.qr_token_hash) {
    throw new HttpError(409, MSG_VENDA.qrIndisponivel);
  }
  return { id_venda: sale.id_venda, codigo: handOverCode(secret, { ...sale, expira_em }), expira_em };
}
