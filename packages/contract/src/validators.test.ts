import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatCnpj,
  formatPhone,
  isValidBrazilPhone,
  isLoginInputOk,
  isValidCnpj,
  maskName,
} from './validators.js';
import { LoginBody } from './auth.js';
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

  it('masks names keeping first letters of first and last word', () => {
    expect(maskName('Maria da Silva')).toBe('M**** ** S****');
    expect(maskName('Ana')).toBe('A**');
    expect(maskName('  ')).toBe('');
  });
});

describe('isLoginInputOk', () => {
  it('accepts exactly what LoginBody accepts', () => {
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
    const senhas = ['s', ' ', '', 'x'.repeat(SENHA_MAX), 'x'.repeat(SENHA_MAX + 1), 'é'.repeat(10)];
    let accepted = 0;
    for (const email of emails) {
      for (const senha of senhas) {
        const zod = LoginBody.safeParse({ email, senha }).success;
        expect(isLoginInputOk(email, senha), JSON.stringify({ email, senha })).toBe(zod);
        if (zod) accepted++;
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(isLoginInputOk('', 'senha')).toBe(false);
    expect(isLoginInputOk('a@b.br', '')).toBe(false);
  });
});
