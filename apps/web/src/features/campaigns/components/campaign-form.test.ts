import { MSG_ADMIN } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { newCampaignValues, setParticipa, toCampanhaBody, type CampaignFormValues } from './campaign-form';

const base = (): CampaignFormValues => ({
  ...newCampaignValues(
    [
      { id_estabelecimento: 2, nome: 'Zeca Lanches', id_campanha: 0, fator_cashback: 0, fator_sorteio: 0 },
      { id_estabelecimento: 1, nome: 'Açaí da Praça', id_campanha: 0, fator_cashback: 0, fator_sorteio: 0 },
    ],
    '2026-05-20',
  ),
  den_campanha: 'Dia das Mães',
});

describe('campaign form', () => {
  it('starts a new campaign today and ends it on the last day of the year, shops by name', () => {
    const v = base();
    expect([v.validade_ini, v.validade_fim]).toEqual(['2026-05-20', '2026-12-31']);
    expect(v.lojas.map((l) => l.nome)).toEqual(['Açaí da Praça', 'Zeca Lanches']);
  });

  it('gives a new participant 0,01 and 0,00, and keeps typed factors when unticked and ticked again', () => {
    const [loja] = base().lojas;
    expect(loja).toMatchObject({ fator_sorteio: '0,00', fator_cashback: '0,00' });
    const ticked = setParticipa(loja!, true);
    expect(ticked).toMatchObject({ participa: true, fator_sorteio: '0,01', fator_cashback: '0,00' });
    const typed = { ...ticked, fator_sorteio: '0,5', fator_cashback: '0.1' };
    expect(setParticipa(setParticipa(typed, false), true)).toMatchObject({
      fator_sorteio: '0,5',
      fator_cashback: '0.1',
    });
  });

  it('sends the limits as numbers, an empty one as null (no limit), and points at a bad one', () => {
    const v = {
      ...base(),
      limite_vendas_dia_loja: ' 3 ',
      limite_cupons_mes: '',
      limite_valor_dia: '1.500,50',
    };
    const r = toCampanhaBody(v, { idCampanha: 0, codCidade: 1 });
    expect(
      r.ok && [r.body.limite_vendas_dia_loja, r.body.limite_cupons_mes, r.body.limite_valor_dia],
    ).toEqual([3, null, 1500.5]);
    expect(toCampanhaBody({ ...v, limite_cupons_mes: '2,5' }, { idCampanha: 0, codCidade: 1 })).toMatchObject(
      {
        ok: false,
        erro: MSG_ADMIN.limiteInvalido,
        campo: 'limite_cupons_mes',
      },
    );
    expect(toCampanhaBody({ ...v, limite_valor_dia: '0' }, { idCampanha: 0, codCidade: 1 })).toMatchObject({
      ok: false,
      campo: 'limite_valor_dia',
    });
  });

  it('shows stored factors with 2 to 4 decimals', () => {
    const v = newCampaignValues([
      { id_estabelecimento: 1, nome: 'Açaí', id_campanha: 3, fator_cashback: 0.0125, fator_sorteio: 1 },
    ]);
    expect(v.lojas[0]).toMatchObject({ fator_sorteio: '1,00', fator_cashback: '0,0125' });
  });

  it('reads factors typed with a comma and sends numbers', () => {
    const v = base();
    v.lojas[1] = { ...setParticipa(v.lojas[1]!, true), fator_sorteio: '0,025', fator_cashback: '1.5' };
    const r = toCampanhaBody(v, { idCampanha: 7, codCidade: 3548500 });
    expect(r.ok && r.body.estabelecimentos).toEqual([
      { id_estabelecimento: 1, id_campanha: 0, fator_cashback: 0, fator_sorteio: 0 },
      { id_estabelecimento: 2, id_campanha: 7, fator_cashback: 1.5, fator_sorteio: 0.025 },
    ]);
  });

  it('points at the refused field: a blank factor of a participant, a bad link, inverted dates', () => {
    const v = base();
    v.lojas[0] = { ...setParticipa(v.lojas[0]!, true), fator_cashback: '' };
    expect(toCampanhaBody(v, { idCampanha: 0, codCidade: 1 })).toMatchObject({
      ok: false,
      erro: 'Fator cashback de Açaí da Praça: informe um valor, como 0,0125',
      campo: 'loja:1:fator_cashback',
    });
    v.lojas[0] = { ...v.lojas[0]!, fator_cashback: '1000,5' };
    expect(toCampanhaBody(v, { idCampanha: 0, codCidade: 1 })).toMatchObject({
      ok: false,
      erro: `Açaí da Praça: ${MSG_ADMIN.fatorInvalido}`,
      campo: 'loja:1:fator_cashback',
    });
    expect(
      toCampanhaBody({ ...base(), validade_fim: '31/06/2026' }, { idCampanha: 0, codCidade: 1 }),
    ).toMatchObject({
      ok: false,
      erro: 'Data inválida: use dd/mm/aaaa',
      campo: 'validade_fim',
    });
    expect(toCampanhaBody({ ...base(), link: 'praca.demo' }, { idCampanha: 0, codCidade: 1 })).toMatchObject({
      ok: false,
      erro: MSG_ADMIN.linkInvalido,
      campo: 'link',
    });
    expect(
      toCampanhaBody(
        { ...base(), validade_ini: '2026-06-02', validade_fim: '2026-06-01' },
        { idCampanha: 0, codCidade: 1 },
      ),
    ).toMatchObject({ ok: false, erro: MSG_ADMIN.datasInvertidas, campo: 'validade_fim' });
    // The same day is a valid one-day campaign.
    expect(
      toCampanhaBody(
        { ...base(), validade_ini: '2026-06-01', validade_fim: '2026-06-01' },
        { idCampanha: 0, codCidade: 1 },
      ).ok,
    ).toBe(true);
  });
});
