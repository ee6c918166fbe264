import { describe, expect, it } from 'vitest';
import { checarChave, digitoChave, lerNfce, mascararChave, MSG_NFCE } from './nfce.js';

/** Published keys whose check digit is right (issue 53). */
const PR = '41170410422724000187650010000005101000010235';
const RS = '43210193015006003996651230003165881244534711';
/** A valid check digit, but tpEmis 0. */
const TP_EMIS_0 = '41170410422724000187650010000005100000010237';

const ctxPR = { uf: 'PR', hoje: '2017-04-20' };
const ctxRS = { uf: 'RS', hoje: '2021-02-01' };

const motivo = (input: string, ctx = ctxPR) => {
  const r = checarChave(lerNfce(input), ctx);
  return r.ok ? 'ok' : r.recusa.motivo;
};

/** A seeded generator, so a failure names its case. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** A random key that passes every offline check in PR, April 2017 (alphanumeric CNPJ half the time). */
function randomKey(r: () => number): string {
  const pick = (set: string) => set[Math.floor(r() * set.length)]!;
  const cnpjHead = Array.from({ length: 12 }, () => pick(r() < 0.5 ? DIGITS : ALNUM)).join('');
  const rest = (n: number) => Array.from({ length: n }, () => pick(DIGITS)).join('');
  const first43 = `411704${cnpjHead}${rest(2)}65${rest(3)}${rest(9)}${pick('1234567')}${rest(8)}`;
  return first43 + String(digitoChave(first43));
}

/** The sum's remainder modulo 11 (the digit is 11 − it, or 0 for 0 and 1). */
function remainder(first43: string): number {
  let sum = 0;
  let w = 2;
  for (let i = 42; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * w;
    w = w === 9 ? 2 : w + 1;
  }
  return sum % 11;
}

describe('the NFC-e key', () => {
  it('passes the published keys and refuses tpEmis 0 at the emission-type step', () => {
    expect(motivo(PR)).toBe('ok');
    expect(motivo(RS, ctxRS)).toBe('ok');
    expect(motivo(TP_EMIS_0)).toBe('chaveEmissao');
  });

  it('reads every QR version in use and the typed key', () => {
    const v2online = `https://www.fazenda.pr.gov.br/nfce/qrcode?p=${PR}|2|1|1|0123456789ABCDEF0123456789ABCDEF01234567`;
    expect(lerNfce(v2online)).toEqual({ chave: PR, tpAmb: 1 });
    expect(lerNfce(v2online.replaceAll('|', '%7C'))).toEqual({ chave: PR, tpAmb: 1 });
    expect(lerNfce(v2online.replaceAll('|', '%7c'))).toEqual({ chave: PR, tpAmb: 1 });
    const v2offline = `http://x/qrcode?p=${PR}|2|1|05|37.90|6F6B|1|ABCDEF`;
    expect(lerNfce(v2offline)).toEqual({ chave: PR, tpAmb: 1, dia: 5, valor_centavos: 3790 });
    expect(lerNfce(`qrcode?p=${PR}|3|1|xyz`)).toEqual({ chave: PR, tpAmb: 1 });
    expect(
      lerNfce(`http://x/nfce?chNFe=${PR}&nVersao=100&tpAmb=1&cDest=&dhEmi=abc&vNF=12.5&vICMS=0`),
    ).toEqual({
      chave: PR,
      tpAmb: 1,
      valor_centavos: 1250,
    });
    expect(lerNfce(PR.replace(/(\d{4})/g, '$1 '))).toEqual({ chave: PR });
    expect(lerNfce(`  ${PR}\n`)).toEqual({ chave: PR });
  });

  it('checks in the issue order, each refusal with its own text', () => {
    expect(motivo(PR.slice(0, 43))).toBe('chaveFormato');
    expect(motivo(`${PR}1`)).toBe('chaveFormato');
    expect(motivo(PR.replace('4117', 'A117'))).toBe('chaveFormato');
    expect(motivo(`${PR.slice(0, 43)}6`)).toBe('chaveDigito');
    expect(motivo(`http://x?p=${PR}|2|2|1|hash`)).toBe('notaHomologacao');
    expect(motivo(PR, { uf: 'SC', hoje: '2017-04-20' })).toBe('notaOutroEstado');
    expect(motivo(PR, { uf: 'PR', hoje: '2017-05-31' })).toBe('ok');
    expect(motivo(PR, { uf: 'PR', hoje: '2017-06-01' })).toBe('notaForaDoPrazo');
    expect(motivo(PR, { uf: 'PR', hoje: '2017-03-31' })).toBe('notaForaDoPrazo');
    expect(motivo(RS, { uf: 'RS', hoje: '2021-01-01' })).toBe('ok');
    const texts = Object.values(MSG_NFCE);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('the month before January is last December', () => {
    const first43 = `432112${RS.slice(6, 43)}`;
    const key = first43 + String(digitoChave(first43));
    expect(motivo(key, { uf: 'RS', hoje: '2022-01-10' })).toBe('ok');
    expect(motivo(key, { uf: 'RS', hoje: '2022-02-10' })).toBe('notaForaDoPrazo');
  });

  it('computes the digit of an alphanumeric CNPJ with ASCII − 48 for letters', () => {
    const first43 = `41261012ABC34501DE3565001000000510100001023`;
    const key = first43 + String(digitoChave(first43));
    expect(motivo(key, { uf: 'PR', hoje: '2026-11-20' })).toBe('ok');
    expect(motivo(key.toLowerCase(), { uf: 'PR', hoje: '2026-11-20' })).toBe('ok');
  });

  it('property: changing any one position of a valid key is refused, but where a modulo-11 sum cannot tell', () => {
    const r = rng(53);
    let changes = 0;
    let passedTheDigit = 0;
    for (let k = 0; k < 200; k++) {
      const key = randomKey(r);
      expect(motivo(key)).toBe('ok');
      for (let pos = 0; pos < 44; pos++) {
        for (const ch of ALNUM) {
          if (ch === key[pos]) continue;
          const changed = key.slice(0, pos) + ch + key.slice(pos + 1);
          changes++;
          const result = motivo(changed);
          if (result === 'ok') {
            // The only ways through: the rule gives 0 for remainders 0 and 1, and the change moved
            // the sum from one to the other; or, in the CNPJ's letters, the change is a multiple
            // of 11 (ASCII − 48: '6' is 6, 'A' is 17). Such a key still matches no report.
            const a = remainder(key.slice(0, 43));
            const b = remainder(changed.slice(0, 43));
            const sameSum = a === b && pos >= 6 && pos < 18;
            expect(sameSum || [a, b].sort().join() === '0,1').toBe(true);
            expect(pos).toBeLessThan(43);
            passedTheDigit++;
          }
        }
      }
    }
    expect(changes).toBeGreaterThan(200 * 44 * 9);
    // Rare: a few in a hundred changes (the letters' multiples of 11 are most of them).
    expect(passedTheDigit / changes).toBeLessThan(0.05);
  });

  it('masks a key for logs', () => {
    expect(mascararChave(PR)).toBe(`${PR.slice(0, 20)}${'•'.repeat(20)}0235`);
    expect(mascararChave('123')).toBe('••••••••');
  });
});
