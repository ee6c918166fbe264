import { REGRA_APURACAO_V1, REGRA_APURACAO_V2, type Apuracao, type GanhadorApuracao } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { renderAta } from '../src/modules/apuracoes/ata.js';
import { printed, textOf } from './pdf-text.js';

/**
 * The draw minutes' PDF (issues 36 and 49): public once apurada, for the final accounts. What it
 * says, and the same bytes for the same minutes.
 */

const HASH = '3f0a9c1be27d45f6a8b9c0d1e2f3a4b5c6d7e8f90123456789abcdef01234567';
const ARQUIVO = 'https://praca.example.gov.br/v1/apuracoes/7/bilhetes.csv';

const winner = (o: Partial<GanhadorApuracao>): GanhadorApuracao => ({
  premio: 1,
  serie_numero: '000-00001',
  titular: 't-x',
  participante: 'P****',
  id_estabelecimento: 1,
  nom_estabelecimento: 'Loja',
  id_sorteado: 1,
  anulado: false,
  motivo_anulacao: null,
  tipo: null,
  entregue: false,
  prescrito: false,
  suplente: false,
  concurso: null,
  data_concurso: null,
  pendente: false,
  premios_concurso: null,
  excluidos: [],
  prazo_reclamacao: '2027-06-03',
  ...o,
});

const apuracao: Apuracao = {
  id_apuracao: 7,
  status: 'apurada',
  id_campanha: 3,
  den_campanha: 'Natal Premiado',
  cod_cidade: 1,
  concurso: 5901,
  data_concurso: '2026-12-05',
  qtd_premios: 3,
  mloja: 'N',
  musuario: 'S',
  hash_bilhetes: HASH,
  qtd_bilhetes: 123456,
  bilhetes_gravados: 123456,
  congelado_em: '2026-12-01T13:04:05.000Z',
  bilhetes: '/v1/apuracoes/7/bilhetes.csv',
  versao_regra: 2,
  regra: [...REGRA_APURACAO_V2],
  instante_concurso: '2026-12-05T22:00:00.000Z',
  excecao_motivo: 'Concurso de quarta-feira transferido para sábado pelo feriado municipal',
  descricao_premios: ['Uma bicicleta aro 29', 'Um vale-compras de R$ 500,00', 'Uma cesta de Natal'],
  autorizacao: 'SPA/MF nº 04.012345/2026',
  final: true,
  publicacoes: [
    {
      veiculo: 'Diário Oficial do Município',
      data_publicacao: '2026-12-02',
      url: 'https://dom.example.gov.br/2026-12-02',
      em: '2026-12-02T12:00:00.000Z',
      posterior_ao_concurso: false,
    },
    {
      veiculo: 'Jornal da Cidade',
      data_publicacao: '2026-12-07',
      url: null,
      em: '2026-12-07T12:00:00.000Z',
      posterior_ao_concurso: true,
    },
  ],
  edital: '/v1/apuracoes/7/edital.pdf',
  ata: '/v1/apuracoes/7/ata.pdf',
  resultado_oficial: null,
  aguardando_confirmacao: false,
  lancado_por: 'Ana Lançadora',
  confirmado_por: 'Bruno Conferente',
  prazo_reclamacao: '2027-06-03',
  reagendamentos: [
    {
      em: '2026-12-02T15:00:00.000Z',
      concurso_anterior: 5899,
      data_anterior: '2026-11-28',
      concurso: 5900,
      data_concurso: '2026-12-02',
      motivo: 'Edital publicado com atraso pelo jornal',
      tipo: 'reagendamento',
    },
    {
      em: '2026-12-03T15:00:00.000Z',
      concurso_anterior: 5900,
      data_anterior: '2026-12-02',
      concurso: 5901,
      data_concurso: '2026-12-05',
      motivo: 'A Caixa não realizou a extração prevista',
      tipo: 'concurso_nao_realizado',
    },
  ],
  apurada_em: '2026-12-05T23:10:00.000Z',
  premios: ['12345', '67890', '11111', '22222', '33333'],
  serie_inicial: null,
  numero_inicial: null,
  ganhadores: [
    winner({
      premio: 1,
      serie_numero: '001-50123',
      participante: 'Maria C****',
      nom_estabelecimento: 'Padaria Alfa',
      id_sorteado: 10,
      anulado: true,
      tipo: 'titular_inelegivel',
      motivo_anulacao: 'Titular é sócio da loja que emitiu o cupom',
    }),
    winner({
      premio: 1,
      suplente: true,
      serie_numero: '000-04321',
      participante: 'Carla D****',
      nom_estabelecimento: 'Açougue Delta',
      id_sorteado: 12,
      concurso: 5905,
      data_concurso: '2026-12-19',
      premios_concurso: ['54321', '09876', '44444', '55555', '66666'],
      prazo_reclamacao: '2027-06-17',
    }),
    winner({
      premio: 2,
      serie_numero: '001-50200',
      participante: 'João S****',
      nom_estabelecimento: 'Farmácia Beta',
      id_sorteado: 11,
      entregue: true,
      prazo_reclamacao: '2027-06-03',
    }),
    winner({
      premio: 3,
      serie_numero: '002-00077',
      participante: 'Rita G****',
      nom_estabelecimento: 'Mercado Gama',
      id_sorteado: 13,
      anulado: true,
      tipo: 'venda_anulada',
      motivo_anulacao: 'A venda foi cancelada pela loja depois do sorteio',
      excluidos: ['002-00078', '002-00079'],
    }),
    winner({
      premio: 3,
      suplente: true,
      pendente: true,
      serie_numero: '',
      participante: '',
      nom_estabelecimento: '',
      id_sorteado: null,
      concurso: 5907,
      data_concurso: '2026-12-26',
      prazo_reclamacao: null,
    }),
  ],
};

const extra = {
  cidade: 'Natal/RN',
  promotor: { nome: 'Associação Comercial de Natal', cnpj: '12.ABC.345/01DE-35' },
  arquivoUrl: ARQUIVO,
  geradoEm: new Date('2026-12-06T12:30:00Z'),
};

describe('the ata de apuração', () => {
  it('is a PDF with the minutes in Portuguese, for the final accounts', async () => {
    const pdf = await renderAta(apuracao, extra);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(pdf);
    for (const expected of [
      'Ata de apuração',
      // Promoter, authorisation, campaign.
      'Promotor: Associação Comercial de Natal, CNPJ 12.ABC.345/01DE-35',
      'Autorização: SPA/MF nº 04.012345/2026',
      'Cidade: Natal/RN',
      'Campanha: Natal Premiado',
      'Apuração final da campanha: sim',
      // The contest and its instant on the programme's clock (UTC−3), and the calendar exception.
      'nº 5901, de 05/12/2026',
      'Instante do concurso: 05/12/2026 às 19:00',
      'Concurso de quarta-feira transferido para sábado pelo feriado municipal',
      // Hash, when frozen, count, full address.
      'Hash SHA-256 do arquivo de bilhetes:',
      HASH,
      '01/12/2026 10:04:05',
      'Quantidade de bilhetes: 123.456',
      ARQUIVO,
      // Publications, the late one marked.
      'Diário Oficial do Município, 02/12/2026, https://dom.example.gov.br/2026-12-02',
      'Jornal da Cidade, 07/12/2026 (posterior ao concurso)',
      // Conditions.
      'Não: a mesma loja não dá dois prêmios',
      'Sim: o mesmo participante pode ganhar mais de um prêmio',
      // The prizes in full and the two people who entered them.
      '1º prêmio: 12345',
      '5º prêmio: 33333',
      'Resultado lançado por: Ana Lançadora',
      'Resultado confirmado por: Bruno Conferente',
      'Regra da apuração (versão 2)',
      // Each prize described, with its winner.
      '1º prêmio: Uma bicicleta aro 29',
      'Contemplado: 001-50123 — Maria C**** — Padaria Alfa',
      'Anulado — Titular inelegível. Motivo: Titular é sócio da loja que emitiu o cupom',
      'Suplente (pela anulação: Titular inelegível), pelo concurso nº 5905, de 19/12/2026: 000-04321 — Carla D**** — Açougue Delta',
      'Prêmios do concurso nº 5905: 54321, 09876, 44444, 55555, 66666.',
      'Prazo para reclamar o prêmio: até 17/06/2027.',
      '2º prêmio: Um vale-compras de R$ 500,00',
      'Contemplado: 001-50200 — João S**** — Farmácia Beta',
      'Prazo para reclamar o prêmio: até 03/06/2027.',
      '3º prêmio: Uma cesta de Natal',
      'Anulado — Venda anulada. Motivo: A venda foi cancelada pela loja depois do sorteio',
      'Bilhetes da venda anulada, fora da lista do suplente: 002-00078, 002-00079.',
      'Suplente (pela anulação: Venda anulada): aguardando o concurso nº 5907 de 26/12/2026.',
      // Every rescheduling, the contest Caixa did not hold said as such.
      'reagendada do concurso nº 5899, de 28/11/2026, para o concurso nº 5900, de 02/12/2026. Motivo: Edital publicado com atraso pelo jornal',
      'o concurso nº 5900, de 02/12/2026, não foi realizado pela Caixa; a apuração passou para o concurso nº 5901, de 05/12/2026. Motivo: A Caixa não realizou a extração prevista',
      // The claim rule and the deadline of the contest's prizes.
      'para reclamar o prêmio (Lei 5.768/71, art. 6º)',
      'o prazo termina em 03/06/2027',
      // Signatures.
      'Operador Nome: CPF:',
      'Testemunha 1 Nome: CPF:',
      'Testemunha 2 Nome: CPF:',
      'Gerado em 06/12/2026 09:30:00.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Every step of the rule, numbered and whole.
    REGRA_APURACAO_V2.forEach((r, i) => expect(text).toContain(printed(`${i + 1}. ${r}`)));
    // Only the late publication is marked.
    expect(text.match(/\(posterior ao concurso\)/g)).toHaveLength(1);
    // A deadline for each standing winner (the substitute and prize 2's), none for the annulled or pending.
    expect(text.match(/Prazo para reclamar o prêmio: até/g)).toHaveLength(2);
  });

  it('gives the same bytes for the same minutes (its dates are geradoEm)', async () => {
    const a = await renderAta(apuracao, extra);
    await new Promise((r) => setTimeout(r, 5));
    const b = await renderAta(apuracao, extra);
    expect(b.equals(a)).toBe(true);
  });

  it('says when the promoter is not configured, and shows a version 1 apuração’s starting point and rule', async () => {
    const text = textOf(
      await renderAta(
        {
          ...apuracao,
          versao_regra: 1,
          regra: [...REGRA_APURACAO_V1],
          serie_inicial: '001',
          numero_inicial: '50123',
          autorizacao: null,
          excecao_motivo: null,
          publicacoes: [],
          reagendamentos: [],
        },
        { ...extra, promotor: null },
      ),
    );
    for (const expected of [
      'Promotor: Promotor não configurado',
      'Autorização: não informada',
      'Ponto de partida (série-número): 001-50123',
      'Regra da apuração (versão 1)',
      '1. O número é formado',
      'Nenhuma publicação registrada.',
      'Reagendamentos Nenhum.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Exceção ao calendário');
  });
});
