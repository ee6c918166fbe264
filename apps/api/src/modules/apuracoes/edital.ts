import type { Apuracao } from '@praca/contract';
import {
  BOLD,
  FONT,
  claimRule,
  concursoInstant,
  dia,
  integer,
  lojas,
  onClock,
  openPdf,
  ordinal,
  participantes,
  prizeDescription,
  promotorText,
  winAnsi,
  writeRule,
  writeTitle,
  type PdfExtra,
} from './ata.js';

/**
 * The edital of an apuração (issue 49): the notice the promoter publishes in the Diário Oficial
 * before the contest, so that everything that decides the winners is public first — promoter,
 * authorisation, campaign, the contest and its instant, the ticket file's hash, count and
 * address, the rule in words, the prizes, the claim deadline. Same making as the ata
 * (`ata.ts`): built-in fonts, no compression, the same bytes for the same `geradoEm`.
 */
export async function renderEdital(a: Apuracao, extra: PdfExtra): Promise<Buffer> {
  const w = await openPdf(
    {
      Title: `Edital da apuração nº ${a.id_apuracao}`,
      Subject: `${a.den_campanha}, concurso ${a.concurso} da Loteria Federal`,
    },
    extra.geradoEm,
  );
  const { doc } = w;
  writeTitle(w, 'Edital de apuração', a);

  doc.moveDown(1);
  w.para(
    `${extra.promotor ? extra.promotor.nome : 'O promotor'} torna público que os ganhadores da campanha ` +
      `“${a.den_campanha}”, em ${extra.cidade}, serão apurados pelo resultado do concurso nº ${a.concurso} ` +
      `da Loteria Federal, a realizar-se em ${concursoInstant(a.instante_concurso)} (horário de Brasília), ` +
      'segundo o arquivo de bilhetes, as condições e a regra a seguir, publicados antes do concurso.',
  );

  w.heading('Promotor e autorização');
  w.field('Promotor', promotorText(extra.promotor));
  w.field('Autorização', a.autorizacao ?? 'não informada');
  w.field('Cidade', extra.cidade);

  w.heading('Campanha');
  w.field('Campanha', a.den_campanha);
  w.field('Apuração final da campanha', a.final ? 'sim' : 'não');

  w.heading('Concurso da Loteria Federal');
  w.field('Concurso', `nº ${a.concurso}, de ${dia(a.data_concurso)}`);
  w.field('Data e horário do concurso', `${concursoInstant(a.instante_concurso)} (horário de Brasília)`);
  if (a.excecao_motivo) {
    w.field(
      'Exceção ao calendário',
      `o número do concurso não segue o calendário publicado pela Caixa para esta data. Motivo: ${a.excecao_motivo}`,
    );
  }
  for (const r of a.reagendamentos) {
    const what =
      r.tipo === 'concurso_nao_realizado'
        ? `o concurso nº ${r.concurso_anterior}, de ${dia(r.data_anterior)}, não foi realizado pela Caixa`
        : `apuração reagendada do concurso nº ${r.concurso_anterior}, de ${dia(r.data_anterior)}`;
    w.field('Alteração', `${what}.${r.motivo ? ` Motivo: ${r.motivo}` : ''}`);
  }

  w.heading('Arquivo de bilhetes');
  w.para(
    'Cada cupom elegível da campanha é um bilhete do arquivo abaixo, congelado antes do concurso. ' +
      'Qualquer pessoa pode baixá-lo e conferir que o seu hash SHA-256 é o publicado aqui.',
  );
  doc.font(BOLD).text('Hash SHA-256 do arquivo de bilhetes:');
  w.mono(a.hash_bilhetes);
  w.field('Quantidade de bilhetes', integer(a.qtd_bilhetes));
  w.field('Congelado em', onClock(a.congelado_em));
  doc.font(BOLD).text('Endereço do arquivo:');
  w.mono(extra.arquivoUrl);

  w.heading('Prêmios');
  w.field('Quantidade de prêmios', integer(a.qtd_premios));
  for (let k = 1; k <= a.qtd_premios; k++) {
    doc
      .font(BOLD)
      .text(winAnsi(`${ordinal(k)} prêmio: `), { continued: true, indent: 14 })
      .font(FONT)
      .text(winAnsi(prizeDescription(a, k)), { paragraphGap: 2 });
  }

  w.heading('Condições');
  w.field('Repetir loja', lojas(a.mloja));
  w.field('Repetir participante', participantes(a.musuario));

  writeRule(w, a);

  w.heading('Prazo para reclamar os prêmios');
  w.para(claimRule(a));

  doc
    .moveDown(2)
    .font(FONT)
    .fontSize(9)
    .text(winAnsi(`${extra.cidade}, ${onClock(extra.geradoEm)}.`));
  doc.end();
  return w.done;
}
