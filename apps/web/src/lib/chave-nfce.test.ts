import { MSG_NFCE, MSG_RECIBO } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { chaveDeTeste, qrDaChave } from '@/test/nfce';
import { checarChaveNoAparelho, formatarChave } from './chave-nfce';

const hoje = '2026-11-29';

describe('checarChaveNoAparelho (issue 53)', () => {
  it('accepts a key of the state this month, typed with spaces or read from the QR, as its 44 positions', () => {
    const chave = chaveDeTeste({ uf: 'SP', mes: '2026-11' });
    const esperado = { ok: true, chave };
    expect(checarChaveNoAparelho(formatarChave(chave), { uf: 'SP', hoje })).toEqual(esperado);
    expect(checarChaveNoAparelho(qrDaChave(chave), { uf: 'SP', hoje })).toEqual(esperado);
    // Last month counts too (the key has no day).
    expect(checarChaveNoAparelho(chaveDeTeste({ mes: '2026-10' }), { uf: 'SP', hoje }).ok).toBe(true);
  });

  it("refuses with the contract's texts, in the issue's order", () => {
    const chave = chaveDeTeste({ uf: 'SP', mes: '2026-11' });
    const erro = (texto: string, onde = { uf: 'SP', hoje }) => {
      const r = checarChaveNoAparelho(texto, onde);
      return r.ok ? null : r.erro;
    };
    expect(erro('')).toBe(MSG_RECIBO.qrOuChave);
    expect(erro(chave.slice(0, 43))).toBe(MSG_NFCE.chaveFormato);
    const outroDigito = `${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}`;
    expect(erro(outroDigito)).toBe(MSG_NFCE.chaveDigito);
    expect(erro(chaveDeTeste({ mes: '2026-11', tpEmis: '0' }))).toBe(MSG_NFCE.chaveEmissao);
    expect(erro(qrDaChave(chave, 2))).toBe(MSG_NFCE.notaHomologacao);
    expect(erro(chaveDeTeste({ uf: 'RS', mes: '2026-11' }))).toBe(MSG_NFCE.notaOutroEstado);
    expect(erro(chaveDeTeste({ mes: '2026-09' }))).toBe(MSG_NFCE.notaForaDoPrazo);
    // The published key: valid digit, tpEmis 0.
    expect(erro('41170410422724000187650010000005100000010237')).toBe(MSG_NFCE.chaveEmissao);
  });

  it('leaves the state and the month to the server when the device does not know them', () => {
    const deOutroMes = chaveDeTeste({ uf: 'RS', mes: '2021-01' });
    expect(checarChaveNoAparelho(deOutroMes).ok).toBe(true);
    expect(checarChaveNoAparelho(deOutroMes, { uf: '' }).ok).toBe(true);
    // The published keys pass every check the key itself carries.
    expect(checarChaveNoAparelho('43210193015006003996651230003165881244534711').ok).toBe(true);
    expect(checarChaveNoAparelho('4321 0193 0150 0600 3996 6512 3000 3165 8812 4453 4712').ok).toBe(false);
  });

  it('prints a key as the receipt does, in groups of 4', () => {
    expect(formatarChave('43210193015006003996651230003165881244534711')).toBe(
      '4321 0193 0150 0600 3996 6512 3000 3165 8812 4453 4711',
    );
  });
});
