import { REGRA_APURACAO, type Apuracao } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { renderAta } from '../src/modules/apuracoes/ata.js';

/** The draw minutes' PDF (issue 36): what it says, and the same bytes for the same minutes. */

const HASH = '3f0a9c1be27d45f6a8b9c0d1e2f3a4b5c6d7e8f90123456789abcdef01234567';

const apuracao: Apuracao = {
  id_apuracao: 7,
  status: 'apurada',
  id_campanha: 3,
  den_campanha: 'Natal Premiado',
  cod_cidade: 1,
  concurso: 5901,
  data_concurso: '2026-12-05',
  qtd_premios: 2,
  mloja: 'N',
  musuario: 'S',
  hash_bilhetes: HASH,
  qtd_bilhetes: 123456,
  bilhetes_gravados: 123456,
  congelado_em: '2026-12-01T13:04:05.000Z',
  bilhetes: '/v1/apuracoes/7/bilhetes.csv',
  regra: [...REGRA_APURACAO],
  reagendamentos: [
    {
      em: '2026-12-02T15:00:00.000Z',
      concurso_anterior: 5900,
      data_anterior: '2026-12-02',
      concurso: 5901,
      data_concurso: '2026-12-05',
      motivo: 'Concurso adiado pela Caixa',
    },
  ],
  apurada_em: '2026-12-05T23:10:00.000Z',
  premios: ['12345', '67890', '11111', '22222', '33333'],
  serie_inicial: '001',
  numero_inicial: '50123',
  ganhadores: [
    {
      premio: 1,
      serie_numero: '001-50123',
      titular: 't-abc',
      participante: 'Maria C****',
      id_estabelecimento: 4,
      nom_estabelecimento: 'Padaria Alfa',
      id_sorteado: 10,
      anulado: true,
      motivo_anulacao: 'Participante não foi localizado em 30 dias',
      entregue: false,
      prescrito: false,
    },
    {
      premio: 2,
      serie_numero: '001-50200',
      titular: 't-def',
      participante: 'João S****',
      id_estabelecimento: 5,
      nom_estabelecimento: 'Farmácia Beta',
      id_sorteado: 11,
      anulado: false,
      motivo_anulacao: null,
      entregue: true,
      prescrito: false,
    },
  ],
};

const extra = { operador: 'Ana Operadora', geradoEm: new Date('2026-12-06T12:30:00Z'), cidade: 'Natal' };

/**
 * The text an uncompressed pdfkit file shows, line by line: each `[...] TJ` of its content is a
 * run of hex strings (WinAnsi bytes) between kerning numbers; a run is one piece of a line.
 */
function textOf(pdf: Buffer): string {
  const runs = pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g);
  return [...runs]
    .map(([, run]) =>
      [...run!.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

describe('the ata de apuração', () => {
  it('is a PDF with the minutes in Portuguese: hash and when published, contest, prizes, rule, winners, history, author', async () => {
    const pdf = await renderAta(apuracao, extra);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(pdf);
    for (const expected of [
      'Ata de apuração',
      'Natal',
      'Natal Premiado',
      'nº 5901, de 05/12/2026',
      'Hash SHA-256 do arquivo de bilhetes:',
      HASH,
      '01/12/2026 10:04:05', // congelado_em on the programme's clock (UTC−3)
      '123.456',
      'Não: a mesma loja não dá dois prêmios',
      'Sim: o mesmo participante pode ganhar mais de um prêmio',
      '12345',
      '33333',
      '001-50123',
      'Maria C****',
      'Padaria Alfa',
      'Anulado. Motivo: Participante não foi localizado em 30 dias',
      '001-50200',
      'João S****',
      'do concurso nº 5900, de 02/12/2026',
      'Concurso adiado pela Caixa',
      'Gerado em 06/12/2026 09:30:00 por Ana Operadora.',
    ]) {
      expect(text.replace(/\n/g, ''), expected).toContain(expected);
    }
    // Every step of the rule, numbered.
    expect(text).toContain('1. O número é formado');
    expect(text).toContain('5. ');
  });

  it('gives the same bytes for the same minutes (the creation date is geradoEm)', async () => {
    const a = await renderAta(apuracao, extra);
    await new Promise((r) => setTimeout(r, 5));
    const b = await renderAta(apuracao, extra);
    expect(b.equals(a)).toBe(true);
  });

  it('says a scheduled apuração has no result yet', async () => {
    const text = textOf(
      await renderAta(
        {
          ...apuracao,
          status: 'agendada',
          premios: null,
          serie_inicial: null,
          numero_inicial: null,
          apurada_em: null,
          ganhadores: [],
          reagendamentos: [],
        },
        extra,
      ),
    );
    expect(text).toContain('Ainda sem resultado.');
    expect(text).toContain('Os contemplados são conhecidos após o resultado.');
    expect(text).toContain('Nenhum.');
    expect(text).toContain(HASH);
  });
});
