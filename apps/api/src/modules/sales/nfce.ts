import type { Kysely } from 'kysely';
import { MSG_VENDA, checarChave, lerNfce } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import * as establishments from '../establishments/service.js';
import type { VendaInput } from './deps.js';

/**
 * Issue 53: the receipt's key (NFC-e) a partner reports with a sale (decision 057, the design's
 * rules 1 and 2). The key is read as a resident's is (a QR code's text or the 44 positions
 * typed), checked offline with the state of the shop's city and the SALE's day (a sale dated
 * last week still fits its month), then its CNPJ must be one of that shop's. A key reports once
 * (the unique index `vendas_chave_nfce_uq`: 409 `chaveJaInformada`, also under parallel sales).
 */

/** The key text a body carries, or null when it carries none ('' is none). */
export function keyText(body: Pick<VendaInput, 'chave_nfce'>): string | null {
  const t = body.chave_nfce?.trim() ?? '';
  return t === '' ? null : t;
}

/** The 44 positions of a key text, as the checks read them (upper case, no spaces). */
export const keyOf = (text: string): string => lerNfce(text).chave;

/**
 * The key of `text` checked for a sale of `idEstabelecimento` dated `datVenda`: each refusal is
 * 400 with its own text (MSG_NFCE's, then `notaDeOutraLoja`). Answers the 44 positions.
 */
export async function checkSaleKey(
  db: Kysely<Database>,
  idEstabelecimento: number,
  datVenda: string,
  text: string,
): Promise<string> {
  const lida = lerNfce(text);
  // The shop's state and the owner of the key's CNPJ positions, in one read (a malformed key
  // finds no owner, and the format check below refuses it first).
  const place = await establishments.keyPlace(db, idEstabelecimento, lida.chave.slice(6, 20));
  if (!place) throw new HttpError(400, MSG_VENDA.notaDeOutraLoja);
  const checked = checarChave(lida, { uf: place.uf, hoje: datVenda });
  if (!checked.ok) throw new HttpError(400, checked.recusa.erro);
  if (place.dono !== idEstabelecimento) throw new HttpError(400, MSG_VENDA.notaDeOutraLoja);
  return checked.chave.chave;
}

/**
 * A new sale's key: checked when the body carries one; none in a campaign that requires it is
 * 400 `chaveNfceObrigatoria` (the hand-over code and CPF paths too). Null when there is none.
 */
export async function newSaleKey(
  db: Kysely<Database>,
  sale: { id_estabelecimento: number; dat_venda: string; exigeNfce: boolean },
  body: Pick<VendaInput, 'chave_nfce'>,
): Promise<string | null> {
  const text = keyText(body);
  if (text === null) {
    if (sale.exigeNfce) throw new HttpError(400, MSG_VENDA.chaveNfceObrigatoria);
    return null;
  }
  return checkSaleKey(db, sale.id_estabelecimento, sale.dat_venda, text);
}
