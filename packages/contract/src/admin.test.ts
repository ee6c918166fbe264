import { describe, expect, it } from 'vitest';
import { CampanhaBody, EstabelecimentoBody, MSG_ADMIN } from './admin.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('admin establishment body', () => {
  it('formats CNPJ and CEP and accepts Brazilian decimal commas', () => {
    const r = EstabelecimentoBody.parse({ cnpj: '11222333000181', cep: '11010000', vl_min_pedido: '10,50' });
    expect(r).toMatchObject({ cnpj: '11.222.333/0001-81', cep: '11010-000', vl_min_pedido: 10.5 });
  });

  it('accepts an alphanumeric CNPJ and stores it masked, letters upper-cased', () => {
    expect(EstabelecimentoBody.parse({ cnpj: '12abc34501de35' })).toMatchObject({
      cnpj: '12.ABC.345/01DE-35',
    });
    expect(EstabelecimentoBody.parse({ cnpj: '12.ABC.345/01DE-35' })).toMatchObject({
      cnpj: '12.ABC.345/01DE-35',
    });
  });

  it.each([
    ['11.222.333/0001-82', 'wrong check digit'],
    ['11111111111111', 'all digits equal'],
    ['1122233300018', '13 digits'],
    ['12.ABC.345/01DE-36', 'alphanumeric, wrong check digit'],
    ['12.ABC.345/01DE-3A', 'alphanumeric, a letter as check digit'],
    ['x11222333000181', 'a letter more'],
  ])('refuses CNPJ %s (%s)', (cnpj) => {
    expect(messages(EstabelecimentoBody.safeParse({ cnpj }))).toEqual([MSG_ADMIN.cnpjInvalido]);
  });

  it('keeps coordinates to 8 decimals inside the globe and money to 2', () => {
    expect(EstabelecimentoBody.parse({ latitude: -23.96123456, longitude: '-46.33334444' })).toMatchObject({
      latitude: -23.96123456,
      longitude: -46.33334444,
    });
    expect(messages(EstabelecimentoBody.safeParse({ latitude: 1.123456789 }))).toEqual([
      MSG_ADMIN.latitudeInvalida,
    ]);
    expect(messages(EstabelecimentoBody.safeParse({ longitude: -180.5 }))).toEqual([
      MSG_ADMIN.longitudeInvalida,
    ]);
    expect(messages(EstabelecimentoBody.safeParse({ vl_taxa_entrega: 1.234 }))).toEqual([
      MSG_ADMIN.valorInvalido,
    ]);
    expect(EstabelecimentoBody.parse({ latitude: '', longitude: null })).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });

  it('accepts only stored image paths or http(s) addresses as pictures', () => {
    expect(EstabelecimentoBody.parse({ url_foto: 'imgest/loja-1a2b.png' }).url_foto).toBe(
      'imgest/loja-1a2b.png',
    );
    expect(messages(EstabelecimentoBody.safeParse({ url_foto: '../data/praca.db' }))).toEqual([
      MSG_ADMIN.caminhoImagemInvalido,
    ]);
    expect(messages(EstabelecimentoBody.safeParse({ url_logo: 'javascript:alert(1)' }))).toEqual([
      MSG_ADMIN.caminhoImagemInvalido,
    ]);
  });
});

describe('admin campaign body', () => {
  it('keeps factors to 4 decimals', () => {
    const ok = CampanhaBody.parse({
      estabelecimentos: [{ id_estabelecimento: 1, fator_cashback: '0,0125', fator_sorteio: 0.01 }],
    });
    expect(ok.estabelecimentos?.[0]).toMatchObject({ fator_cashback: 0.0125, fator_sorteio: 0.01 });
    const bad = CampanhaBody.safeParse({
      estabelecimentos: [{ id_estabelecimento: 1, fator_cashback: 0.00001, fator_sorteio: -1 }],
    });
    expect(messages(bad)).toEqual([MSG_ADMIN.fatorInvalido, MSG_ADMIN.fatorInvalido]);
  });

  it('needs a description that is not blank', () => {
    expect(messages(CampanhaBody.safeParse({ den_campanha: '   ' }))).toEqual([
      MSG_ADMIN.descricaoObrigatoria,
    ]);
  });
});
