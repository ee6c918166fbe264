/**
 * Names folded for search the way the database folds `usuarios.nome_busca` (migration
 * 2026-11-23T0900-livro-de-vendas): ASCII lower case, the Portuguese (and Spanish) accented
 * letters to their plain letter, everything else unchanged. Both must agree, or a search
 * misses people; test/customers.test.ts checks them against each other.
 */
export const ACCENTED = 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ';
const PLAIN = new Map([...ACCENTED].map((c) => [c, c.normalize('NFD')[0].toLowerCase()]));

export function foldForSearch(text: string): string {
  let out = '';
  for (const ch of text) {
    const plain = PLAIN.get(ch);
    out += plain ?? (ch >= 'A' && ch <= 'Z' ? ch.toLowerCase() : ch);
  }
  return out;
}

/**
 * The smallest string above every string that starts with `prefix` (in code point order, which
 * is byte order in UTF-8): `prefix <= s < prefixEnd(prefix)` is a prefix match an index serves.
 */
export function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = points.pop();
  if (last === undefined) return '\u{10FFFF}';
  return points.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/** `%` and `_` taken literally in a LIKE pattern with `escape '\'`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
