import { CUF_POR_UF, cnpjDaChave, digitoChave } from '@praca/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types.js';

/**
 * Issue 53's test fixtures: NFC-e keys built for any state, month and CNPJ (the check digit by
 * the contract's `digitoChave`), and a shop given CNPJs straight in the tables.
 */

let seq = 0;

export interface KeyParts {
  /** The state whose IBGE code opens the key (default SP). */
  uf?: string;
  /** 'YYYY-MM' of emission. */
  mes: string;
  /** Any punctuation, alphanumeric allowed. */
  cnpj: string;
  modelo?: string;
  tpEmis?: string;
  /** The receipt's number (nNF); a new one per key by default. */
  numero?: number;
}

/** A key whose check digit is right, from its parts. */
export function nfceKey(p: KeyParts): string {
  const n = p.numero ?? ++seq;
  const first43 =
    (CUF_POR_UF[p.uf ?? 'SP'] ?? '00') +
    p.mes.slice(2, 4) +
    p.mes.slice(5, 7) +
    cnpjDaChave(p.cnpj) +
    (p.modelo ?? '65') +
    '001' +
    String(n).padStart(9, '0') +
    (p.tpEmis ?? '1') +
    String((n * 7919) % 100_000_000).padStart(8, '0');
  return `${first43}${digitoChave(first43)}`;
}

/**
 * The QR code's text of a v2 online NFC-e (`?p=<chave>|2|<tpAmb>|<idCSC>|<hash>`), `|` escaped.
 * The host is never read nor contacted; a loopback one, as every address in the tests.
 */
export const qrOnline = (chave: string, tpAmb = 1) =>
  `http://127.0.0.1/nfce/qrcode?p=${chave}%7C2%7C${tpAmb}%7C1%7C3A5F0C1B2D`;

/** Gives a shop these CNPJs (the first as its main one), straight in the tables. */
export async function giveCnpjs(db: Kysely<Database>, idEstabelecimento: number, cnpjs: string[]) {
  const at = new Date().toISOString();
  await db
    .insertInto('estabelecimento_cnpjs')
    .values(
      cnpjs.map((c) => ({ cnpj: cnpjDaChave(c), id_estabelecimento: idEstabelecimento, criado_em: at })),
    )
    .execute();
  await db
    .updateTable('estabelecimentos')
    .set({ cnpj: cnpjs[0] ?? '' })
    .where('id_estabelecimento', '=', idEstabelecimento)
    .execute();
}

/** Makes a campaign require the receipt's key (or not), straight in the table. */
export async function requireNfce(db: Kysely<Database>, idCampanha: number, exige = true) {
  await db
    .updateTable('campanhas')
    .set({ exige_nfce: exige ? 'S' : 'N' })
    .where('id_campanha', '=', idCampanha)
    .execute();
}
