import { MSG, RegistroForm, senhasConferem, whatsConferem } from '@praca/contract';
import { describe, expect, it } from 'vitest';

const valid = {
  nome: 'Ana',
  email: 'Ana@Exemplo.com ',
  senha: 'segredo1',
  confirmaSenha: 'segredo1',
  whatsup: '(11) 98765-4321',
  confirmaWhatsup: '11987654321',
  endereco: '',
  numero: '',
  complemento: '',
  bairro: '',
  cep: '13015-100',
  cod_cidade: '3509502',
};

const messages = (input: Record<string, unknown>) => {
  const r = RegistroForm.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('registration rules (spec §5)', () => {
  it('compares passwords exactly and WhatsApp numbers by their digits', () => {
    expect(senhasConferem('abc', 'abc')).toBe(true);
    expect(senhasConferem('abc', 'abc ')).toBe(false);
    expect(senhasConferem('Abc', 'abc')).toBe(false);
    expect(whatsConferem('(11) 98765-4321', '11987654321')).toBe(true);
    expect(whatsConferem('', '')).toBe(true);
    expect(whatsConferem('11987654321', '11987654320')).toBe(false);
  });

  it('accepts a complete form and gives what the API needs', () => {
    const r = RegistroForm.parse(valid);
    expect(r).toMatchObject({ email: 'ana@exemplo.com', cep: '13015100', cod_cidade: 3509502 });
  });

  it('puts the mismatch messages on the confirmation fields', () => {
    expect(messages({ ...valid, confirmaSenha: 'outra' })).toEqual([
      `confirmaSenha: ${MSG.senhasNaoConferem}`,
    ]);
    expect(messages({ ...valid, confirmaWhatsup: '11987654320' })).toEqual([
      `confirmaWhatsup: ${MSG.whatsNaoConferem}`,
    ]);
  });

  it('asks for a city when none is chosen (000000)', () => {
    expect(messages({ ...valid, cod_cidade: '000000' })).toEqual([`cod_cidade: ${MSG.cidadeInvalida}`]);
  });
});
