import type { ExtratoItem } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { filterExtrato } from './extrato-filter';

const line = (id_venda: number, nomeestabelecimento: string): ExtratoItem => ({
  id_venda,
  id_campanha: 1,
  den_campanha: 'Natal',
  id_estabelecimento: id_venda,
  nomeestabelecimento,
  dat_venda: '2026-11-20',
  numero_venda: String(id_venda),
  valor_venda: 10,
  cashback: 0.5,
  pontos: 0.1,
  cupons: 0,
});

const items = [line(1, 'Padaria Bella Vista'), line(2, 'Empório São José'), line(3, 'Café do Porto')];

describe('filterExtrato', () => {
  it('keeps everything, in order, for an empty or blank filter', () => {
    expect(filterExtrato(items, '').map((i) => i.id_venda)).toEqual([1, 2, 3]);
    expect(filterExtrato(items, '   ').map((i) => i.id_venda)).toEqual([1, 2, 3]);
  });

  it('matches part of the establishment name, ignoring case and accents', () => {
    expect(filterExtrato(items, 'bella').map((i) => i.id_venda)).toEqual([1]);
    expect(filterExtrato(items, 'SAO JOSE').map((i) => i.id_venda)).toEqual([2]);
    expect(filterExtrato(items, 'cafe').map((i) => i.id_venda)).toEqual([3]);
    expect(filterExtrato(items, 'rio').map((i) => i.id_venda)).toEqual([2]);
  });

  it('looks only at the establishment name', () => {
    expect(filterExtrato(items, 'Natal')).toEqual([]);
    expect(filterExtrato(items, 'xyz')).toEqual([]);
  });
});
