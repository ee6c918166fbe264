import { REGRA_APURACAO_V2, type Apuracao } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { renderEdital } from '../src/modules/apuracoes/edital.js';
import { printed, textOf } from './pdf-text.js';

/**
 * The edital's PDF (issue 49): the notice for the Diário Oficial, published before the contest,
 * with everything that decides the winners. What it says, and the same bytes for the same input.
 */

const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const ARQUIVO = 'https://praca.example.gov.br/v1/apuracoes/9/bilhetes.csv';

/** Scheduled, before the contest: no result, no winners. */
const apuracao: Apuracao = {
  id_apuracao: 9,
  status: 'agendada',
  id_campanha: 4,
  den_campanha: 'Compre no Bairro',
  cod_cidade: 1,
  concurso: 6010,
  data_concurso: '2027-01-09',
  qtd_premios: 2,
  mloja: 'S',
  musuario: 'N',
  hash_bilhetes: HASH,
  qtd_bilhetes: 4321,
  bilhetes_gravados: 4321,
  congelado_em: '2027-01-02T14:00:00.000Z',
  bilhetes: '/v1/apuracoes/9/bilhetes.csv',
  versao_regra: 2,
  regra: [...REGRA_APURACAO_V2],
  instante_concurso: '2027-01-09T22:00:00.000Z',
  excecao_motivo: 'Concurso de quarta-feira transferido pela Caixa por causa do feriado',
  descricao_premios: ['Uma motocicleta 0 km', 'Uma smart TV de 50 polegadas'],
  autorizacao: 'Certificado de Autorização SPA/ME nº 03.000111/2026',
  final: false,
  publicacoes: [],
  edital: '/v1/apuracoes/9/edital.pdf',
  ata: null,
  resultado_oficial: null,
  aguardando_confirmacao: false,
  lancado_por: null,
  confirmado_por: null,
  prazo_reclamacao: '2027-07-08',
  reagendamentos: [],
  apurada_em: null,
  premios: null,
  serie_inicial: null,
  numero_inicial: null,
  ganhadores: [],
};

const extra = {
  cidade: 'Tiradentes/MG',
  promotor: { nome: 'Prefeitura Municipal de Tiradentes', cnpj: '11.222.333/0001-81' },
  arquivoUrl: ARQUIVO,
  geradoEm: new Date('2027-01-02T14:00:00Z'),
};

describe('the edital de apuração', () => {
  it('is a PDF with the notice in Portuguese: everything that decides the winners, before the contest', async () => {
    const pdf = await renderEdital(apuracao, extra);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(pdf);
    for (const expected of [
      'Edital de apuração',
      'Prefeitura Municipal de Tiradentes torna público',
      'Promotor: Prefeitura Municipal de Tiradentes, CNPJ 11.222.333/0001-81',
      'Autorização: Certificado de Autorização SPA/ME nº 03.000111/2026',
      'Cidade: Tiradentes/MG',
      'Campanha: Compre no Bairro',
      // The contest, its date and instant on the programme's clock (22:00 UTC is 19:00 there).
      'Concurso: nº 6010, de 09/01/2027',
      'Data e horário do concurso: 09/01/2027 às 19:00 (horário de Brasília)',
      'Exceção ao calendário: o número do concurso não segue o calendário publicado pela Caixa para esta data. Motivo: Concurso de quarta-feira transferido pela Caixa por causa do feriado',
      // The ticket file: hash, count, full address.
      'Hash SHA-256 do arquivo de bilhetes:',
      HASH,
      'Quantidade de bilhetes: 4.321',
      'Congelado em: 02/01/2027 11:00:00',
      ARQUIVO,
      // The prizes described.
      'Quantidade de prêmios: 2',
      '1º prêmio: Uma motocicleta 0 km',
      '2º prêmio: Uma smart TV de 50 polegadas',
      // Conditions in words.
      'Repetir loja: Sim: a mesma loja pode dar mais de um prêmio',
      'Repetir participante: Não: o mesmo titular não ganha dois prêmios (sem repetir participante)',
      // The rule's version and text.
      'Regra da apuração (versão 2)',
      // The claim deadline.
      'O contemplado tem 180 dias, contados da data do concurso, para reclamar o prêmio (Lei 5.768/71, art. 6º)',
      'o prazo termina em 08/07/2027',
      'Tiradentes/MG, 02/01/2027 11:00:00.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    REGRA_APURACAO_V2.forEach((r, i) => expect(text).toContain(printed(`${i + 1}. ${r}`)));
    // Nothing of a result before the contest.
    expect(text).not.toContain('Contemplado');
  });

  it('gives the same bytes for the same input (its dates are geradoEm)', async () => {
    const a = await renderEdital(apuracao, extra);
    await new Promise((r) => setTimeout(r, 5));
    const b = await renderEdital(apuracao, extra);
    expect(b.equals(a)).toBe(true);
    const later = await renderEdital(apuracao, { ...extra, geradoEm: new Date('2027-01-03T14:00:00Z') });
    expect(later.equals(a)).toBe(false);
  });

  it('says when the promoter is not configured, and a contest Caixa did not hold', async () => {
    const text = textOf(
      await renderEdital(
        {
          ...apuracao,
          autorizacao: null,
          excecao_motivo: null,
          reagendamentos: [
            {
              em: '2027-01-05T12:00:00.000Z',
              concurso_anterior: 6008,
              data_anterior: '2027-01-06',
              concurso: 6010,
              data_concurso: '2027-01-09',
              motivo: 'A Caixa suspendeu as extrações da semana',
              tipo: 'concurso_nao_realizado',
            },
          ],
        },
        { ...extra, promotor: null },
      ),
    );
    expect(text).toContain('Promotor: Promotor não configurado');
    expect(text).toContain('O promotor torna público');
    expect(text).toContain('Autorização: não informada');
    expect(text).toContain(
      'Alteração: o concurso nº 6008, de 06/01/2027, não foi realizado pela Caixa. Motivo: A Caixa suspendeu as extrações da semana',
    );
    expect(text).not.toContain('Exceção ao calendário');
  });
});
