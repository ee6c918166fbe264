import { PROGRAMME_TIME_ZONE, type Apuracao } from '@praca/contract';

/**
 * The draw minutes (*ata de apuração*, issue 36): the PDF an admin files with the regulator and
 * hands to anyone who asks. It states what the public record states — campaign, contest, the
 * ticket file's hash and when it was published, the ticket count, the prizes in full, the
 * rule, the winners masked, every rescheduling — and who generated it when. Written with
 * pdfkit's built-in fonts (nothing to embed) and without compression, so its text can be
 * searched; its creation date is `geradoEm`, so the same minutes give the same bytes.
 */

const MARGIN = 56;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** The hash and the ticket codes: fixed width, no kerning, copied as printed. */
const MONO = 'Courier';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: PROGRAMME_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant on the programme's clock: `dd/mm/aaaa hh:mm:ss`. */
const onClock = (d: Date | string): string => dateTime.format(new Date(d)).replace(',', '');

/** `YYYY-MM-DD` as `dd/mm/aaaa`. */
const dia = (d: string): string => d.split('-').reverse().join('/');

const integer = (n: number): string => n.toLocaleString('pt-BR');

const ordinal = (n: number): string => `${n}º`;

const lojas = (mloja: 'S' | 'N'): string =>
  mloja === 'S'
    ? 'Sim: a mesma loja pode dar mais de um prêmio'
    : 'Não: a mesma loja não dá dois prêmios (sem repetir loja)';

const participantes = (musuario: 'S' | 'N'): string =>
  musuario === 'S'
    ? 'Sim: o mesmo participante pode ganhar mais de um prêmio'
    : 'Não: o mesmo titular não ganha dois prêmios (sem repetir participante)';

/** Renders the minutes of apuração `a` as a PDF. */
export async function renderAta(
  a: Apuracao,
  extra: { operador: string; geradoEm: Date; cidade: string },
): Promise<Buffer> {
  // Loaded on first use: pdfkit costs the server ~7 MB of heap it would keep between minutes.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    info: {
      Title: `Ata de apuração nº ${a.id_apuracao}`,
      Subject: `${a.den_campanha}, concurso ${a.concurso} da Loteria Federal`,
      Creator: 'Praça',
      CreationDate: extra.geradoEm,
      ModDate: extra.geradoEm,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font(BOLD).fontSize(12).text(text).moveDown(0.3);
    doc.font(FONT).fontSize(10);
  };
  const field = (label: string, value: string) => {
    doc.font(BOLD).text(`${label}: `, { continued: true }).font(FONT).text(value);
  };

  doc.font(BOLD).fontSize(18).text('Ata de apuração', { align: 'center' });
  doc
    .font(FONT)
    .fontSize(10)
    .text(`Apuração nº ${a.id_apuracao} — Lei 5.768/71 e Decreto 70.951/72`, { align: 'center' });

  heading('Identificação');
  field('Cidade', extra.cidade);
  field('Campanha', a.den_campanha);
  field('Concurso da Loteria Federal', `nº ${a.concurso}, de ${dia(a.data_concurso)}`);
  field('Situação', a.status === 'apurada' ? 'apurada' : 'agendada (ainda sem resultado)');

  heading('Arquivo de bilhetes');
  doc.font(BOLD).text('Hash SHA-256 do arquivo de bilhetes:');
  doc.font(MONO).fontSize(9).text(a.hash_bilhetes);
  doc.font(FONT).fontSize(10);
  field('Publicado em', onClock(a.congelado_em));
  field('Quantidade de bilhetes', integer(a.qtd_bilhetes));
  field('Arquivo público', a.bilhetes);

  heading('Condições');
  field('Prêmios a apurar', integer(a.qtd_premios));
  field('Repetir loja', lojas(a.mloja));
  field('Repetir participante', participantes(a.musuario));

  heading('Resultado da Loteria Federal');
  if (a.premios === null) {
    doc.text('Ainda sem resultado.');
  } else {
    a.premios.forEach((p, i) => {
      doc
        .font(FONT)
        .text(`${ordinal(i + 1)} prêmio: `, { continued: true })
        .font(MONO)
        .text(p);
    });
    doc.font(FONT);
    if (a.serie_inicial !== null && a.numero_inicial !== null) {
      field('Ponto de partida (série-número)', `${a.serie_inicial}-${a.numero_inicial}`);
    }
    if (a.apurada_em !== null) field('Apurada em', onClock(a.apurada_em));
  }

  heading('Regra da apuração');
  a.regra.forEach((r, i) => doc.text(`${i + 1}. ${r}`, { paragraphGap: 3 }));

  heading('Contemplados');
  if (a.ganhadores.length === 0) {
    doc.text(
      a.status === 'apurada' ? 'Nenhum contemplado.' : 'Os contemplados são conhecidos após o resultado.',
    );
  }
  for (const g of a.ganhadores) {
    doc
      .font(BOLD)
      .text(`${ordinal(g.premio)} prêmio: `, { continued: true })
      .font(MONO)
      .text(g.serie_numero, { continued: true })
      .font(FONT)
      .text(` — ${g.participante} — ${g.nom_estabelecimento}`);
    if (g.anulado) doc.text(`   Anulado. Motivo: ${g.motivo_anulacao ?? ''}`);
  }

  heading('Reagendamentos');
  if (a.reagendamentos.length === 0) doc.text('Nenhum.');
  for (const r of a.reagendamentos) {
    doc.text(
      `${onClock(r.em)}: do concurso nº ${r.concurso_anterior}, de ${dia(r.data_anterior)}, ` +
        `para o concurso nº ${r.concurso}, de ${dia(r.data_concurso)}.` +
        (r.motivo ? ` Motivo: ${r.motivo}` : ''),
      { paragraphGap: 3 },
    );
  }

  doc.moveDown(2).text(`Gerado em ${onClock(extra.geradoEm)} por ${extra.operador}.`);
  doc.end();
  return done;
}
