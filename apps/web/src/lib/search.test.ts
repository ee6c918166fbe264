import { describe, expect, it } from 'vitest';
import { filterByText, normalizeSearch } from './search';

const shops = [
  { nome: 'Padaria Bella Vista' },
  { nome: 'Calçados Passo Certo' },
  { nome: 'Ótica Visão Clara' },
];
const byName = (q: string) => filterByText(shops, q, (s) => [s.nome]).map((s) => s.nome);

describe('filterByText (the name filter of Participantes and Sorteados)', () => {
  it('keeps everything, in order, for an empty or blank query', () => {
    expect(byName('')).toEqual(shops.map((s) => s.nome));
    expect(byName('   ')).toEqual(shops.map((s) => s.nome));
  });

  it('narrows as the person types, ignoring case', () => {
    expect(byName('v')).toEqual(['Padaria Bella Vista', 'Ótica Visão Clara']);
    expect(byName('VIS')).toEqual(['Padaria Bella Vista', 'Ótica Visão Clara']);
    expect(byName('visao')).toEqual(['Ótica Visão Clara']);
  });

  it('ignores accents both ways', () => {
    expect(byName('otica')).toEqual(['Ótica Visão Clara']);
    expect(byName('calcados')).toEqual(['Calçados Passo Certo']);
    expect(byName('Pâdaria')).toEqual(['Padaria Bella Vista']);
  });

  it('matches any of the given fields (winner or shop)', () => {
    const winners = [
      { nome: 'Camila Rocha', loja: 'Pet Shop Amigo Fiel' },
      { nome: 'Rafael Costa', loja: 'Salão Beleza Pura' },
    ];
    const find = (q: string) => filterByText(winners, q, (w) => [w.nome, w.loja]).map((w) => w.nome);
    expect(find('camila')).toEqual(['Camila Rocha']);
    expect(find('salao')).toEqual(['Rafael Costa']);
    expect(find('zzz')).toEqual([]);
  });

  it('normalizeSearch collapses spaces', () => {
    expect(normalizeSearch('  São   José ')).toBe('sao jose');
  });
});
