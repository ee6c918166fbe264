/**
 * The NFC-e's access key (issue 53): what a person holds (the receipt's QR code, or the 44
 * positions typed) read into a key, and the offline checks, in the order, each with its
 * own Portuguese text. Pure: the API runs them before it looks anything up, the web before it
 * sends. The last check (the CNPJ is a partner shop's) needs the database and is the API's.
 *
 * What these checks prove: only that the key is well formed and plausible (the check digit is a
 * public checksum; anyone can compute a valid key). Credit comes from the partner's own report
 * of the key, never from the key alone (decision 059).
 *
 * The key's 44 positions: cUF (2) AAMM (4) CNPJ (14, alphanumeric since July 2026) mod (2)
 * série (3) nNF (9) tpEmis (1) cNF (8) cDV (1).
 */

export const MSG_NFCE = {
  chaveFormato:
    'A chave da nota deve ter 44 caracteres: números, e letras só na parte do CNPJ. Confira o que foi digitado ou escaneie o QR code da nota.',
  chaveDigito: 'A chave da nota não confere (dígito verificador errado). Confira os números digitados.',
  chaveModelo: 'Esta chave não é de uma NFC-e (nota fiscal de consumidor, modelo 65).',
  chaveEmissao: 'A chave desta nota tem um tipo de emissão inválido.',
  notaHomologacao: 'Esta nota é de teste (ambiente de homologação) e não vale como compra.',
  notaOutroEstado: 'Esta nota foi emitida em outro estado: só valem notas do estado da sua cidade.',
  notaForaDoPrazo: 'Só valem notas emitidas neste mês ou no mês passado.',
  notaLojaNaoParticipa: 'O CNPJ desta nota não é de uma loja participante do programa.',
} as const;

/** The states' IBGE codes, the key's first two positions. */
export const CUF_POR_UF: Readonly<Record<string, string>> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
}; // prettier-ignore

/** What the QR code or the typed text gave. */
export interface NfceLida {
  /** The 44 positions, letters in upper case. */
  chave: string;
  /** The QR's environment (1 production, 2 homologação), when it gives one. */
  tpAmb?: number;
  /** The v2 offline QR's day of the month of emission. */
  dia?: number;
  /** The v2 offline QR's (or the old QR's) total, in cents. */
  valor_centavos?: number;
}

/** The parts of a key that passed the format check. */
export interface ChaveNfce {
  chave: string;
  cUF: string;
  /** 'YYYY-MM' of the key's AAMM. */
  mes: string;
  /** The issuer's CNPJ, 14 positions, letters in upper case. */
  cnpj: string;
  modelo: string;
  serie: string;
  numero: string;
  tpEmis: string;
}

const KEY = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/** A value in the check digit's sum: the character's ASCII code − 48 (the CNPJ's own rule). */
const valueOf = (ch: string) => ch.charCodeAt(0) - 48;

/**
 * The key's check digit (cDV) for its first 43 positions: modulo 11 with weights 2…9 from the
 * right; a remainder of 0 or 1 gives 0. A letter of an alphanumeric CNPJ counts as its ASCII code
 * − 48, as the CNPJ's own check digits do (the NFC-e technical note is silent on it; decision 059).
 */
export function digitoChave(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += valueOf(first43[i]!) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Money as the QR writes it ('12.34', '12,34', '12') in cents; undefined when it is not money. */
function cents(v: string | undefined): number | undefined {
  if (v === undefined || !/^\d{1,13}([.,]\d{1,2})?$/.test(v)) return undefined;
  const [int, frac = ''] = v.split(/[.,]/);
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}

const small = (v: string | undefined): number | undefined =>
  v !== undefined && /^\d{1,2}$/.test(v) ? Number(v) : undefined;

/** A query parameter of a QR URL (case-insensitive name), undecoded. */
function param(text: string, name: string): string | undefined {
  const m = new RegExp(`[?&]${name}=([^&#]*)`, 'i').exec(text);
  return m?.[1];
}

function decode(v: string): string {
  try {
    return decodeURIComponent(v.replace(/\+/g, ' '));
  } catch {
    return v;
  }
}

/**
 * Reads what a person holds: the QR code's URL in every version in use (v2 online
 * `?p=<chave>|2|<tpAmb>|<idCSC>|<hash>`, v2 offline `?p=<chave>|2|<tpAmb>|<dia>|<vNF>|<digVal>|<idCSC>|<hash>`,
 * v3 `?p=<chave>|3|<tpAmb>…`, the older `chNFe=<chave>&nVersao=100&tpAmb=…&vNF=…`; `|` or `%7C`)
 * or the 44 positions typed, with or without spaces, dots or dashes. The URL's host is neither
 * checked nor contacted. The key is not checked here (`checarChave` does).
 */
export function lerNfce(input: string): NfceLida {
  const text = input.trim();
  const p = param(text, 'p');
  if (p !== undefined) {
    const parts = decode(p).split('|');
    const chave = (parts[0] ?? '').replace(/\s/g, '').toUpperCase();
    const versao = parts[1];
    const tpAmb = small(parts[2]);
    // v2 offline: eight parts, the day and the total in the 4th and 5th.
    if (versao === '2' && parts.length >= 8) {
      return { chave, tpAmb, dia: small(parts[3]), valor_centavos: cents(parts[4]) };
    }
    return { chave, tpAmb };
  }
  const ch = param(text, 'chNFe');
  if (ch !== undefined) {
    return {
      chave: decode(ch).replace(/\s/g, '').toUpperCase(),
      tpAmb: small(param(text, 'tpAmb')),
      valor_centavos: cents(param(text, 'vNF')),
    };
  }
  return { chave: text.replace(/[\s.\-/]/g, '').toUpperCase() };
}

/** Where a check runs: the city's state and the São Paulo day ('YYYY-MM-DD'). */
export interface ContextoNfce {
  uf: string;
  hoje: string;
}

/** A refused key: which check and its text. */
export interface RecusaNfce {
  motivo: Exclude<keyof typeof MSG_NFCE, 'notaLojaNaoParticipa'>;
  erro: string;
}

const recusa = (motivo: RecusaNfce['motivo']): RecusaNfce => ({ motivo, erro: MSG_NFCE[motivo] });

/** 'YYYY-MM' of the month before `mes`. */
function mesAnterior(mes: string): string {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** Valid emission types (tpEmis): 1 normal, 2–7 the contingencies, 9 NFC-e offline; never 0 or 8. */
const TP_EMIS = new Set(['1', '2', '3', '4', '5', '6', '7', '9']);

/**
 * The offline checks, in the order: length and characters → check digit → model 65 →
 * a valid emission type → production environment (when the QR says) → the city's state → this
 * month or the last. The key's parts, or the first refusal. The CNPJ's shop is the API's check.
 */
export function checarChave(
  lida: NfceLida,
  ctx: ContextoNfce,
): { ok: true; chave: ChaveNfce } | { ok: false; recusa: RecusaNfce } {
  const c = lida.chave;
  if (!KEY.test(c)) return { ok: false, recusa: recusa('chaveFormato') };
  if (digitoChave(c.slice(0, 43)) !== Number(c[43])) return { ok: false, recusa: recusa('chaveDigito') };
  const parts: ChaveNfce = {
    chave: c,
    cUF: c.slice(0, 2),
    mes: `20${c.slice(2, 4)}-${c.slice(4, 6)}`,
    cnpj: c.slice(6, 20),
    modelo: c.slice(20, 22),
    serie: c.slice(22, 25),
    numero: c.slice(25, 34),
    tpEmis: c.slice(34, 35),
  };
  if (parts.modelo !== '65') return { ok: false, recusa: recusa('chaveModelo') };
  if (!TP_EMIS.has(parts.tpEmis)) return { ok: false, recusa: recusa('chaveEmissao') };
  if (lida.tpAmb !== undefined && lida.tpAmb !== 1) return { ok: false, recusa: recusa('notaHomologacao') };
  if (parts.cUF !== CUF_POR_UF[ctx.uf.toUpperCase()]) return { ok: false, recusa: recusa('notaOutroEstado') };
  const mes = ctx.hoje.slice(0, 7);
  if (parts.mes !== mes && parts.mes !== mesAnterior(mes))
    return { ok: false, recusa: recusa('notaForaDoPrazo') };
  return { ok: true, chave: parts };
}

/** A CNPJ as the key and the shops' CNPJ list keep it: 14 positions, no punctuation, upper case. */
export const cnpjDaChave = (cnpj: string): string => cnpj.replace(/[.\-/\s]/g, '').toUpperCase();

/** A key masked for logs and for anyone but its holder: its state, month and CNPJ, then the last 4. */
export const mascararChave = (chave: string): string =>
  chave.length === 44 ? `${chave.slice(0, 20)}${'•'.repeat(20)}${chave.slice(40)}` : '•'.repeat(8);
