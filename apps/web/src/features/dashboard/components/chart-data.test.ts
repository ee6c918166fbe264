import type { PainelSeriesResposta } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import {
  axisName,
  formatMoneyTick,
  peopleTable,
  progressTable,
  salesTable,
  toCsv,
  topShopsTable,
} from './chart-data';
import { seriesParams } from './dashboard-charts';

const series: PainelSeriesResposta = {
  de: '2025-03-10',
  ate: '2025-03-11',
  id_campanha: null,
  vendas_por_dia: [
    { dia: '2025-03-10', num_vendas: 2, sum_vendas: 150.5, num_cupons: 3 },
    { dia: '2025-03-11', num_vendas: 1, sum_vendas: 1234567.8, num_cupons: 0 },
  ],
  participantes_por_semana: [{ semana: '2025-03-10', num_participantes: 4 }],
  top_estabelecimentos: [
    {
      id_estabelecimento: 1,
      nom_estabelecimento: '=HYPERLINK("x")',
      num_vendas: 1,
      sum_vendas: 10,
      num_cupons: 0,
    },
    {
      id_estabelecimento: 2,
      nom_estabelecimento: 'Bar; do "Zé"',
      num_vendas: 2,
      sum_vendas: 0.5,
      num_cupons: 1,
    },
  ],
  progresso_campanha: {
    id_campanha: 7,
    den_campanha: 'Natal',
    validade_ini: '2025-03-01',
    validade_fim: '2025-03-31',
    cupons_emitidos: 1500,
    apuracoes_agendadas: 2,
    apuracoes_apuradas: 1,
  },
};

describe('the charts as CSV files', () => {
  it('writes a BOM, a header, ; between cells, days dd/mm/aaaa and money with a decimal comma', () => {
    expect(toCsv(salesTable(series))).toBe(
      '\uFEFFDia;Vendas;Total (R$);Cupons\r\n10/03/2025;2;150,50;3\r\n11/03/2025;1;1234567,80;0\r\n',
    );
    expect(salesTable(series).file).toBe('vendas-por-dia_2025-03-10_2025-03-11');
  });

  it('quotes cells with ; or quotes and defuses formulas in names', () => {
    expect(toCsv(topShopsTable(series)).split('\r\n').slice(1, 3)).toEqual([
      '"\'=HYPERLINK(""x"")";1;10,00;0',
      '"Bar; do ""Zé""";2;0,50;1',
    ]);
  });

  it('gives each week its Sunday, and the campaign its progress', () => {
    expect(toCsv(peopleTable(series))).toBe(
      '\uFEFFSemana de;Até;Novos participantes\r\n10/03/2025;16/03/2025;4\r\n',
    );
    expect(progressTable(series)?.rows).toEqual([['Natal', 1500, 2, 1]]);
    expect(progressTable({ ...series, progresso_campanha: null })).toBeNull();
  });
});

describe('seriesParams', () => {
  const today = '2026-11-26';
  const custom = { de: '2026-01-01', ate: '2026-01-31' };
  it('asks for the campaign chosen, else the running one, for "Esta campanha"', () => {
    expect(seriesParams(1, 'campanha', 9, 3, custom, today)).toEqual({ codCidade: 1, idCampanha: 9 });
    expect(seriesParams(1, 'campanha', 0, 3, custom, today)).toEqual({ codCidade: 1, idCampanha: 3 });
    expect(seriesParams(1, 'campanha', 0, 0, custom, today)).toBeNull();
  });

  it('counts 30 days and 12 months back from today, today included', () => {
    expect(seriesParams(1, '30d', 0, 3, custom, today)).toEqual({
      codCidade: 1,
      de: '2026-10-28',
      ate: today,
      idCampanha: undefined,
    });
    expect(seriesParams(1, '12m', 5, 3, custom, today)).toMatchObject({
      de: '2025-11-27',
      ate: today,
      idCampanha: 5,
    });
  });

  it('takes a custom period only when both days are real and in order', () => {
    expect(seriesParams(1, 'personalizado', 0, 0, custom, today)).toMatchObject(custom);
    expect(seriesParams(1, 'personalizado', 0, 0, { de: '2026-02-01', ate: '2026-01-01' }, today)).toBeNull();
    expect(seriesParams(1, 'personalizado', 0, 0, { de: '01/02', ate: '2026-01-01' }, today)).toBeNull();
  });
});

describe('the top shops chart’s axes (issue 51)', () => {
  it('keeps a short name whole', () => {
    expect(axisName('Padaria Bella')).toBe('Padaria Bella');
    expect(axisName('Padaria Bella Vista')).toBe('Padaria Bella…');
    expect(axisName('Café do Zé')).toBe('Café do Zé');
  });

  it('cuts a long name at a word boundary and ends it with an ellipsis, never mid-word', () => {
    expect(axisName('Supermercado Central do Litoral')).toBe('Supermercado…');
    expect(axisName('Auto Center Canal 3 Pneus e Rodas')).toBe('Auto Center Canal…');
    expect(axisName('Farmácia São João, Centro')).toBe('Farmácia São João…');
    for (const name of ['Supermercado Central do Litoral', 'Auto Center Canal 3 Pneus e Rodas'])
      expect(Array.from(axisName(name)).length).toBeLessThanOrEqual(18);
  });

  it('cuts one word longer than the room with an ellipsis', () => {
    expect(axisName('Hipermercadodesantosecia')).toBe('Hipermercadodesan…');
  });

  it('formats the value axis as money: R$, pt-BR, compact, joined by a no-break space', () => {
    expect(formatMoneyTick(0)).toBe('R$\u00a00');
    expect(formatMoneyTick(500)).toBe('R$\u00a0500');
    expect(formatMoneyTick(1200)).toBe('R$\u00a01,2\u00a0mil');
    expect(formatMoneyTick(3_000_000)).toBe('R$\u00a03\u00a0mi');
  });
});
