import { describe, expect, it } from 'vitest';
import {
  formatCep,
  formatCnpj,
  formatPhone,
  isValidBrazilPhone,
  isValidCnpj,
  maskName,
} from './validators.js';

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
