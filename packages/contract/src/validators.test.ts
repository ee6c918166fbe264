import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatCnpj,
  formatPhone,
  isValidBrazilPhone,
  isLoginInputOk,
  isCustomerSearchOk,
  maskPhone,
  isValidCnpj,
  maskName,
} from './validators.js';
import { LoginBody, SenhaSchema } from './auth.js';
import { MSG } from './messages.js';
import { EMAIL_MAX, SENHA_MAX } from './limits.js';

describe('validators', () => {
  it('formats CEP as 00000-000 and drops extra digits', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-1009999')).toBe('01310-100');
    expect(formatCep('abc013')).toBe('013');
  });

  it('formats phones of 10 and 11 digits', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('119876543210000')).toBe('(11) 98765-4321');
  });

  it('accepts a real area code with 8 or 9 digits only', () => {
    expect(isValidBrazilPhone('(11) 98765-4321')).toBe(true);
    expect(isValidBrazilPhone('1134567890')).toBe(true);
    expect(isValidBrazilPhone('2034567890')).toBe(false); // 20 is no area code
    expect(isValidBrazilPhone('1187654321x')).toBe(true);
    expect(isValidBrazilPhone('118765432')).toBe(false);
    expect(isValidBrazilPhone('11887654321')).toBe(false); // 9 digits must start with 9
  });

  it('checks CNPJ check digits and all-equal numbers', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  /** The Receita's rule, written out: each character is its ASCII code minus 48. */
  const officialDv = (base: string): number => {
    const sum = [...base].reverse().reduce((acc, c, i) => acc + (c.charCodeAt(0) - 48) * ((i % 8) + 2), 0);
    const dv = 11 - (sum % 11);
    return dv >= 10 ? 0 : dv;
  };
  const withDvs = (base12: string): string => {
    const d1 = officialDv(base12);
    return `${base12}${d1}${officialDv(`${base12}${d1}`)}`;
  };

  it('accepts the alphanumeric CNPJ of IN RFB 2.229/2024 (the Receita example 12.ABC.345/01DE-35)', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-34')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-53')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false); // check digits are numeric
    expect(isValidCnpj('12.ABC.345/01DE-3')).toBe(false);
    expect(isValidCnpj('12.ABÇ.345/01DE-35')).toBe(false);
    expect(withDvs('12ABC34501DE')).toBe('12ABC34501DE35');
    // numeric CNPJs keep their rule under the new one
    expect(withDvs('112223330001')).toBe('11222333000181');
    expect(withDvs('000000000001')).toBe('00000000000191');
  });

  it('agrees with the Receita rule on random numeric and alphanumeric bases', () => {
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let seed = 34;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 500; n++) {
      const pool = n % 2 ? chars : chars.slice(0, 10);
      const base = Array.from({ length: 12 }, () => pool[Math.floor(next() * pool.length)]).join('');
      const cnpj = withDvs(base);
      if (/^(\d)\1{13}$/.test(cnpj)) continue;
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
      expect(isValidCnpj(formatCnpj(cnpj)), cnpj).toBe(true);
      const wrong = `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
      expect(isValidCnpj(wrong), wrong).toBe(false);
    }
  });

  it('formats an alphanumeric CNPJ as typed: letters upper-cased in the first 12 positions only', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12A')).toBe('12.A');
    expect(formatCnpj('12ABC34501DEX3Y5')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC34501DE356')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('1ç2-ABC')).toBe('12.ABC');
  });

  it('masks names keeping first letters of first and last word', () => {
    expect(maskName('Maria da Silva')).toBe('M**** ** S****');
    expect(maskName('Ana')).toBe('A**');
    expect(maskName('  ')).toBe('');
  });
});

describe('isLoginInputOk', () => {
  it('accepts exactly the e-mails LoginBody accepts, and a typed password neither empty nor too long', () => {
    const emails = [
      'a@b.br',
      '  a@b.br  ',
      '',
      '   ',
      '\t\n',
      'x'.repeat(EMAIL_MAX),
      ` ${'x'.repeat(EMAIL_MAX)} `,
      'x'.repeat(EMAIL_MAX + 1),
      'ção@ê.br',
    ];
    // What the web sends is the typed password's SHA-256 hex.
    const hash = 'ab'.repeat(32);
    let accepted = 0;
    for (const email of emails) {
      const zod = LoginBody.safeParse({ email, senha: hash }).success;
      expect(isLoginInputOk(email, 's'), JSON.stringify(email)).toBe(zod);
      if (zod) accepted++;
    }
    expect(accepted).toBeGreaterThan(0);
    for (const [senha, ok] of [
      ['s', true],
      [' ', true],
      ['é'.repeat(10), true],
      ['x'.repeat(SENHA_MAX), true],
      ['', false],
      ['x'.repeat(SENHA_MAX + 1), false],
    ] as const) {
      expect(isLoginInputOk('a@b.br', senha), JSON.stringify(senha)).toBe(ok);
    }
  });
});

describe('SenhaSchema', () => {
  it('takes 64 hexadecimal characters only (the client’s SHA-256), with a Portuguese message', () => {
    for (const senha of ['ab'.repeat(32), 'AB'.repeat(32), '0123456789abcdef'.repeat(4)]) {
      expect(SenhaSchema.safeParse(senha).success, senha).toBe(true);
    }
    for (const senha of [
      'senha123',
      'ab'.repeat(31),
      'ab'.repeat(33),
      'g'.repeat(64),
      ` ${'a'.repeat(63)}`,
      'x'.repeat(300),
    ]) {
      const r = SenhaSchema.safeParse(senha);
      expect(r.success, senha).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.senhaFormato);
    }
    expect(SenhaSchema.safeParse('').error?.issues[0]?.message).toBe(MSG.loginVazio);
  });

  it('masks a phone but for its last 4 digits, in the shape of formatPhone', () => {
    expect(maskPhone('11987654321')).toBe('(**) *****-4321');
    expect(maskPhone('1134567890')).toBe('(**) ****-7890');
    expect(maskPhone('4321')).toBe('****-4321');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('11987654321')).not.toMatch(/9876/);
  });

  it('runs the customer search on 3 letters of a name or the last 4 digits of a phone', () => {
    expect(isCustomerSearchOk('Ana')).toBe(true);
    expect(isCustomerSearchOk('  Jo ')).toBe(false);
    expect(isCustomerSearchOk('a.b')).toBe(false);
    expect(isCustomerSearchOk('4321')).toBe(true);
    expect(isCustomerSearchOk('(11) 9')).toBe(false);
    expect(isCustomerSearchOk('432')).toBe(false);
  });
});
