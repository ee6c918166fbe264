import { CUF_POR_UF, MSG_RECIBO, checarChave, lerNfce } from '@praca/contract';

/** Where the device checks a key: the city's state and the day, when it knows them. */
interface OndeChecar {
  /** The state's abbreviation ('RS'); '' or absent: the server checks the state. */
  uf?: string;
  /** 'YYYY-MM-DD'; absent: the server checks the month. */
  hoje?: string;
}

/**
 * Issue 53: what a person scanned or typed, checked on the device before it is sent, with the
 * contract's reader and offline checks (`lerNfce`, `checarChave`) and their texts (MSG_NFCE):
 * a typo or a foreign receipt is refused at once, in the same words the server would use. A
 * check whose ground the web does not know (the city's state, the day) is left to the server:
 * the key is then checked against its own state or month. Only the server says whether the
 * CNPJ is a partner shop's, and only the shop's report credits.
 */
export function checarChaveNoAparelho(
  texto: string,
  { uf, hoje }: OndeChecar = {},
): { ok: true; chave: string } | { ok: false; erro: string } {
  if (texto.trim() === '') return { ok: false, erro: MSG_RECIBO.qrOuChave };
  const lida = lerNfce(texto);
  const c = lida.chave;
  const propria = Object.keys(CUF_POR_UF).find((sigla) => CUF_POR_UF[sigla] === c.slice(0, 2)) ?? '';
  const checada = checarChave(lida, {
    uf: uf || propria,
    hoje: hoje ?? `20${c.slice(2, 4)}-${c.slice(4, 6)}-01`,
  });
  return checada.ok ? { ok: true, chave: checada.chave.chave } : { ok: false, erro: checada.recusa.erro };
}

/** A key as the receipt prints it: 11 groups of 4 (`4317 0410 …`). */
export const formatarChave = (chave: string): string => chave.replace(/(.{4})(?=.)/g, '$1 ');
