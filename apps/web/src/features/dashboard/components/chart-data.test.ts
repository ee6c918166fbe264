import { describe, expect, it } from 'vitest';
import { axisName, formatMoneyTick } from './chart-data';

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
