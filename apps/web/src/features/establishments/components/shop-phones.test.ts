import { describe, expect, it } from 'vitest';
import { shopAddress, shopPhones, whatsappUrl } from './shop-phones';

describe('shopPhones: what a shop card shows (spec §2)', () => {
  it('shows the number once when phone and WhatsApp are the same digits, however written', () => {
    expect(shopPhones('(13) 99263-0028', '13992630028')).toEqual([
      { label: 'Telefone e WhatsApp', numero: '(13) 99263-0028', digits: '13992630028' },
    ]);
  });

  it('shows both when they differ, phone first', () => {
    expect(shopPhones('1337717137', '13988717134').map((p) => `${p.label}: ${p.numero}`)).toEqual([
      'Telefone: (13) 3771-7137',
      'WhatsApp: (13) 98871-7134',
    ]);
  });

  it('shows whichever exists', () => {
    expect(shopPhones('', '13986046294').map((p) => `${p.label}: ${p.numero}`)).toEqual([
      'WhatsApp: (13) 98604-6294',
    ]);
    expect(shopPhones('1332748982', '   ').map((p) => `${p.label}: ${p.numero}`)).toEqual([
      'Telefone: (13) 3274-8982',
    ]);
  });

  it('shows nothing when there is no number', () => {
    expect(shopPhones('', '')).toEqual([]);
    expect(shopPhones(null, undefined)).toEqual([]);
  });
});

describe('whatsappUrl', () => {
  it('is https://wa.me/55 plus the digits', () => {
    expect(whatsappUrl('(13) 99263-0028')).toBe('https://wa.me/5513992630028');
    expect(whatsappUrl('')).toBeNull();
  });
});

describe('shopAddress', () => {
  it('joins street, complement, district, city/state and CEP, skipping blanks', () => {
    expect(
      shopAddress({
        endereco: 'Rua Jorge Tibiriçá, 37',
        complemento: 'Galeria Praiamar, loja 14',
        bairro: 'Gonzaga',
        cidade: 'Santos',
        uf: 'SP',
        cep: '11060-308',
      }),
    ).toBe('Rua Jorge Tibiriçá, 37, Galeria Praiamar, loja 14 — Gonzaga, Santos/SP, CEP 11060-308');
    expect(
      shopAddress({ endereco: 'Av. X, 1', complemento: '', bairro: '', cidade: 'Santos', uf: 'SP', cep: '' }),
    ).toBe('Av. X, 1 — Santos/SP');
  });
});
