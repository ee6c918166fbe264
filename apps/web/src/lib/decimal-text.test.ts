import { describe, expect, it } from 'vitest';
import { decimalMessage, decimalText, readDecimal, readOptionalDecimal } from './decimal-text';

describe('readDecimal', () => {
  it.each([
    ['12,50', 2, 12.5],
    ['1.234,56', 2, 1234.56],
    ['1234,56', 2, 1234.56],
    ['50000,01', 2, 50000.01],
    ['99999999', 2, 99999999],
    ['12.5', 2, 12.5],
    ['12.50', 2, 12.5],
    ['1.234', 2, 1234],
    ['50.000', 2, 50000],
    ['1.234.567,8', 2, 1234567.8],
    ['R$ 1.234,56', 2, 1234.56],
    [' 250 ', 2, 250],
    [',5', 2, 0.5],
    ['12,', 2, 12],
    ['0,0125', 4, 0.0125],
    ['0.0125', 4, 0.0125],
    ['0.001', 4, 0.001],
    ['0,01', 4, 0.01],
  ])('reads %s (%i decimals) as %d', (text, places, value) => {
    expect(readDecimal(text, places)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 2, 'vazio'],
    ['  ', 2, 'vazio'],
    ['-5', 2, 'negativo'],
    ['-0,01', 4, 'negativo'],
    ['0,0100', 2, 'casas'],
    ['10,999', 2, 'casas'],
    ['0,123456', 4, 'casas'],
    ['0,010000', 4, 'casas'],
    ['1.2345', 2, 'casas'],
    ['12,5a', 2, 'formato'],
    ['1,2,3', 2, 'formato'],
    ['1.23,4', 2, 'formato'],
    ['1,234.56', 2, 'formato'],
    ['1e5', 2, 'formato'],
    [',', 2, 'formato'],
    ['.', 2, 'formato'],
  ])('refuses %s (%i decimals): %s', (text, places, reason) => {
    expect(readDecimal(text, places)).toEqual({ ok: false, reason });
  });
});

describe('decimalText', () => {
  it('writes money with its cents and thousands dots', () => {
    expect(decimalText(250, 2)).toBe('250,00');
    expect(decimalText(1234.5, 2)).toBe('1.234,50');
    expect(decimalText(50000, 2)).toBe('50.000,00');
    expect(decimalText(1234567.89, 2)).toBe('1.234.567,89');
    expect(decimalText(0, 2)).toBe('0,00');
  });

  it('writes factors with 2 to 4 decimals', () => {
    expect(decimalText(0.01, 2, 4)).toBe('0,01');
    expect(decimalText(0.0125, 2, 4)).toBe('0,0125');
    expect(decimalText(1000, 2, 4)).toBe('1.000,00');
  });

  it('is read back as the same number', () => {
    for (const n of [0, 0.01, 12.5, 999.99, 1234.56, 50000, 1000000]) {
      expect(readDecimal(decimalText(n, 2), 2)).toEqual({ ok: true, value: n });
    }
    for (const n of [0.0001, 0.0125, 0.05, 1000]) {
      expect(readDecimal(decimalText(n, 2, 4), 4)).toEqual({ ok: true, value: n });
    }
  });
});

describe('decimalMessage', () => {
  const field = { label: 'Fator sorteio de Padaria', places: 4, example: '0,0125' };
  it('names the field and says what to do', () => {
    expect(decimalMessage('casas', field)).toBe(
      'Fator sorteio de Padaria: use no máximo 4 casas decimais, como 0,0125',
    );
    expect(decimalMessage('negativo', field)).toBe(
      'Fator sorteio de Padaria: não pode ser negativo; apague o sinal de menos',
    );
  });

  it('reads an empty optional field as 0', () => {
    expect(readOptionalDecimal('', field)).toEqual({ ok: true, value: 0 });
    expect(readOptionalDecimal('-1', field)).toEqual({
      ok: false,
      erro: 'Fator sorteio de Padaria: não pode ser negativo; apague o sinal de menos',
    });
  });
});
