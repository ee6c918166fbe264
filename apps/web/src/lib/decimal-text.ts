/**
 * Decimal numbers as a person in Brazil types them (money, factors, discounts). The field keeps
 * the text exactly as typed; this module reads it on Save, and writes a stored number back as
 * text. Reading never drops, moves or invents a digit: what it cannot read without guessing,
 * it refuses, and the form says why.
 *
 * The reading rule:
 * - spaces and a leading `R$` are ignored;
 * - a minus sign is refused (`negativo`), never dropped: these fields are 0 or more;
 * - a comma is the decimal separator (`12,50`, `0,0125`); dots before it are thousands
 *   separators in groups of three (`1.234,56`), or there are none (`1234,56`);
 * - without a comma, dots in groups of three after a first group of 1 to 3 digits not starting
 *   with 0 are thousands separators, as in Brazil (`1.234`, `50.000`, `1.234.567`); any other
 *   single dot is the decimal point of a numeric keypad (`12.5`, `12.50`, `0.0125`, `0.001`);
 * - more digits after the separator than the field keeps are refused (`casas`), trailing zeros
 *   included: nothing is rounded or cut;
 * - anything else (letters, two commas, `1.23,4`, `1,234.56`, `1e5`) is refused (`formato`).
 */

export type DecimalRefusal = 'vazio' | 'negativo' | 'formato' | 'casas';

export type DecimalRead = { ok: true; value: number } | { ok: false; reason: DecimalRefusal };

/** `1.234,56`, `1234,56`, `12,`, `,5`: pt-BR with a comma, thousands dots in groups of three. */
const WITH_COMMA = /^(?:[1-9]\d{0,2}(?:\.\d{3})+|\d*),(\d*)$/;
/** `1.234`, `1.234.567`: thousands dots only. */
const THOUSANDS = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
/** `1234`, `12.5`, `.5`, `12.`: digits with at most one decimal point. */
const WITH_POINT = /^(\d*)(?:\.(\d*))?$/;

/** Reads `text` as a number with at most `places` decimals (see the module's rule). */
export function readDecimal(text: string, places: number): DecimalRead {
  const s = text.replace(/\s/g, '').replace(/^R\$/i, '');
  if (s === '') return { ok: false, reason: 'vazio' };
  if (/[-\u2212]/.test(s)) return { ok: false, reason: 'negativo' };

  let whole: string;
  let fraction: string;
  const comma = WITH_COMMA.exec(s);
  if (comma) {
    [whole, fraction] = s.split(',') as [string, string];
    whole = whole.replace(/\./g, '');
  } else if (THOUSANDS.test(s)) {
    whole = s.replace(/\./g, '');
    fraction = '';
  } else {
    const point = WITH_POINT.exec(s);
    if (!point) return { ok: false, reason: 'formato' };
    whole = point[1] ?? '';
    fraction = point[2] ?? '';
  }
  if (whole === '' && fraction === '') return { ok: false, reason: 'formato' };
  if (fraction.length > places) return { ok: false, reason: 'casas' };
  return { ok: true, value: Number(`${whole || '0'}.${fraction || '0'}`) };
}

/**
 * A stored number as the field shows it: `1.234,56` (thousands dots, decimal comma), with at
 * least `minPlaces` and at most `maxPlaces` decimals: money `250,00`; a factor `0,01` or
 * `0,0125`. Reading it back gives the same number.
 */
export function decimalText(value: number, minPlaces: number, maxPlaces = minPlaces): string {
  if (!Number.isFinite(value)) return '';
  const [whole = '0', fixed = ''] = Math.abs(value).toFixed(maxPlaces).split('.');
  let fraction = fixed;
  while (fraction.length > minPlaces && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const sign = value < 0 ? '-' : '';
  return fraction ? `${sign}${grouped},${fraction}` : `${sign}${grouped}`;
}

export interface DecimalField {
  /** The field as the person knows it, e.g. 'Valor mínimo' or 'Fator sorteio de Padaria X'. */
  label: string;
  places: number;
  /** A well-typed example, e.g. '1.234,56' or '0,0125'. */
  example: string;
}

/** What a refusal says, naming the field. */
export function decimalMessage(reason: DecimalRefusal, { label, places, example }: DecimalField): string {
  switch (reason) {
    case 'vazio':
      return `${label}: informe um valor, como ${example}`;
    case 'negativo':
      return `${label}: não pode ser negativo; apague o sinal de menos`;
    case 'casas':
      return `${label}: use no máximo ${places} casas decimais, como ${example}`;
    case 'formato':
      return `${label}: número inválido; use vírgula antes das casas decimais, como ${example}`;
  }
}

/** Money example and factor example of the messages. */
export const MONEY_EXAMPLE = '1.234,56';
export const FACTOR_EXAMPLE = '0,0125';

/**
 * Reads a field that may be left empty (then 0): the number, or the refusal's message.
 */
export function readOptionalDecimal(
  text: string,
  field: DecimalField,
): { ok: true; value: number } | { ok: false; erro: string } {
  const read = readDecimal(text, field.places);
  if (read.ok) return read;
  if (read.reason === 'vazio') return { ok: true, value: 0 };
  return { ok: false, erro: decimalMessage(read.reason, field) };
}
