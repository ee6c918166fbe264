import { ConteudoQrAssinado, MSG_VENDA, type ResgateResposta } from '@praca/contract';
import { transaction } from '../../db/index.js';
import { nowIso } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { verifyCode } from '../../lib/qr-code.js';
import type { AuthUser } from '../auth/types.js';
import * as coupons from '../coupons/service.js';
import { recipientSaldo, view } from './answer.js';
import type { SalesDeps } from './deps.js';
import { giveSale } from './give.js';
import * as repo from './repository.js';

/**
 * A logged-in consumer claims a pending sale with its hand-over code: a forged, edited or
 * unknown code is 400, a claimed one 409, an expired one 410. The sale's lock (PostgreSQL) or
 * the single writer (SQLite), plus the conditional update, let exactly one claim win.
 * The claimer becomes the recipient under the rules of a sale to them (`giveSale`). A refused
 * claim writes nothing: the sale stays pending for someone else until it expires.
 */
export async function claimSale(
  deps: SalesDeps,
  user: AuthUser,
  codigo: string,
  ip: string,
): Promise<ResgateResposta> {
  const parsed = ConteudoQrAssinado.safeParse(verifyCode(await deps.qrSecret(), codigo));
  if (!parsed.success) throw new HttpError(400, MSG_VENDA.codigoInvalido);
  const content = parsed.data;
  const tokenHash = sha256Hex(content.token);
  const at = nowIso();
  const emitidos = await transaction(deps.db, async (trx) => {
    const sale = await repo.lockSale(trx, deps.dialect, content.id_venda);
    if (!sale || sale.excluida_em !== null) throw new HttpError(400, MSG_VENDA.codigoInvalido);
    if (sale.id_usuario !== null) throw new HttpError(409, MSG_VENDA.codigoJaUsado);
    if (sale.qr_token_hash !== tokenHash) throw new HttpError(400, MSG_VENDA.codigoInvalido);
    if (!sale.qr_expira_em || sale.qr_expira_em <= at) throw new HttpError(410, MSG_VENDA.codigoExpirado);
    const ledger = await giveSale(trx, {
      dialect: deps.dialect,
      sale,
      idUsuario: user.id,
      at,
      ip,
      acao: 'resgatar',
      take: (t) => repo.claimSale(t, sale.id_venda, tokenHash, user.id, at),
    });
    if (!ledger) throw new HttpError(409, MSG_VENDA.codigoJaUsado);
    return ledger.emitidos;
  });
  const venda = await view(deps.db, content.id_venda, 'completos');
  return {
    id_venda: venda.id_venda,
    den_campanha: venda.den_campanha,
    nomeestabelecimento: venda.nome_estabelecimento,
    valor_venda: venda.valor_venda,
    pontos: venda.pontos,
    cupons: await coupons.couponsById(deps.db, emitidos),
    saldo: await recipientSaldo(deps.db, venda),
  };
}
