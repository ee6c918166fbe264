import {
  PRESCRICAO_DIAS,
  PROGRAMME_TIME_ZONE,
  ROTULO_TIPO_ANULACAO,
  type Apuracao,
  type GanhadorApuracao,
} from '@praca/contract';

/**
 * The draw minutes (*ata de apuração*, issues 36 and 49): the public PDF of an apuração once
 * apurada, for the final accounts. It states what the public record states — promoter,
 * authorisation, campaign, contest, the ticket file's hash and where the edital was published,
 * the prizes in full and the two people who entered them, the rule, each prize and its winner
 * (annulled ones and their substitutes), every rescheduling, the claim deadlines — and ends with
 * lines for the operator's and two witnesses' signatures. Written with pdfkit's built-in fonts
 * (nothing to embed) and without compression, so its text can be searched; its dates come from
 * `geradoEm`, so the same minutes give the same bytes. The edital (`edital.ts`) shares the parts.
 */

/** What the edital and the ata take besides the public record (the service reads them). */
export interface PdfExtra {
  /** The city as printed ("Natal/RN"). */
  cidade: string;
  /** The city's promoter (issue 49), null until the super-admin configures it. */
  promotor: { nome: string; cnpj: string } | null;
  /** The ticket file's full address (the site's URL + the record's `bilhetes` path). */
  arquivoUrl: string;
  geradoEm: Date;
}

const MARGIN = 56;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
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
const dayAndTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: PROGRAMME_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant on the programme's clock: `dd/mm/aaaa hh:mm:ss`. */
export const onClock = (d: Date | string): string => dateTime.format(new Date(d)).replace(',', '');

/** The contest's instant on the programme's clock: `dd/mm/aaaa às hh:mm`. */
export const concursoInstant = (iso: string): string => dayAndTime.format(new Date(iso)).replace(',', ' às');

/** `YYYY-MM-DD` as `dd/mm/aaaa`. */
export const dia = (d: string): string => d.split('-').reverse().join('/');

export const integer = (n: number): string => n.toLocaleString('pt-BR');

export const ordinal = (n: number): string => `${n}º`;

export const promotorText = (p: PdfExtra['promotor']): string =>
  p ? `${p.nome}, CNPJ ${p.cnpj}` : 'Promotor não configurado';

export const lojas = (mloja: 'S' | 'N'): string =>
  mloja === 'S'
    ? 'Sim: a mesma loja pode dar mais de um prêmio'
    : 'Não: a mesma loja não dá dois prêmios (sem repetir loja)';

export const participantes = (musuario: 'S' | 'N'): string =>
  musuario === 'S'
    ? 'Sim: o mesmo participante pode ganhar mais de um prêmio'
    : 'Não: o mesmo titular não ganha dois prêmios (sem repetir participante)';

/** What prize k is (descricao_premios), or a placeholder for an apuração scheduled without one. */
export const prizeDescription = (a: Apuracao, k: number): string =>
  a.descricao_premios[k - 1]?.trim() || 'sem descrição';

export const claimRule = (a: Apuracao): string =>
  `O contemplado tem ${PRESCRICAO_DIAS} dias, contados da data do concurso, para reclamar o prêmio ` +
  `(Lei 5.768/71, art. 6º); passado esse prazo, o direito ao prêmio prescreve. Para os prêmios do ` +
  `concurso nº ${a.concurso}, de ${dia(a.data_concurso)}, o prazo termina em ${dia(a.prazo_reclamacao)}.`;

/**
 * The characters the built-in fonts (WinAnsi) lack, as the nearest they have: the rule's
 * minus sign and a few others; anything else outside WinAnsi becomes '?'.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const FALLBACK: Record<string, string> = { '−': '-', '≥': '>=', '≤': '<=', '×': 'x', '‐': '-', '‑': '-' };
export const winAnsi = (s: string): string =>
  s.replace(/[^\n\x20-\x7e\xa0-\xff]/g, (c) => (WIN_ANSI_EXTRA.has(c) ? c : (FALLBACK[c] ?? '?')));

/** A PDF document being written and the helpers both documents use. */
export interface Writer {
  doc: PDFKit.PDFDocument;
  /** The finished file, once `doc.end()` was called. */
  done: Promise<Buffer>;
  heading(text: string): void;
  /** A bold label and its value on one paragraph. */
  field(label: string, value: string): void;
  /** Plain text, one paragraph; `indent` moves every line of it right (points). */
  para(text: string, options?: { indent?: number }): void;
  /** A value to copy exactly (hash, address): fixed width, smaller. */
  mono(text: string): void;
  /** Starts a new page unless `height` points still fit. */
  keep(height: number): void;
}

/** Opens an A4 document whose dates are `geradoEm` (so the same input gives the same bytes). */
export async function openPdf(info: { Title: string; Subject: string }, geradoEm: Date): Promise<Writer> {
  // Loaded on first use: pdfkit costs the server ~7 MB of heap it would keep between documents.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    info: {
      Title: winAnsi(info.Title),
      Subject: winAnsi(info.Subject),
      Creator: 'Praça',
      CreationDate: geradoEm,
      ModDate: geradoEm,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const keep = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  return {
    doc,
    done,
    keep,
    heading(text) {
      keep(60); // never a heading alone at the foot of a page
      doc.moveDown(0.8).font(BOLD).fontSize(12).text(winAnsi(text)).moveDown(0.3);
      doc.font(FONT).fontSize(10);
    },
    field(label, value) {
      doc
        .font(BOLD)
        .text(winAnsi(`${label}: `), { continued: true })
        .font(FONT)
        .text(winAnsi(value), { paragraphGap: 2 });
    },
    para(text, options) {
      const indent = options?.indent ?? 0;
      const width = doc.page.width - 2 * MARGIN - indent;
      doc
        .font(FONT)
        .fontSize(10)
        .text(winAnsi(text), MARGIN + indent, undefined, { width, paragraphGap: 3 });
      doc.x = MARGIN;
    },
    mono(text) {
      doc.font(MONO).fontSize(9).text(winAnsi(text), { paragraphGap: 3 });
      doc.font(FONT).fontSize(10);
    },
  };
}

/** Prints the rule's version and its steps, numbered. */
export function writeRule(w: Writer, a: Apuracao): void {
  w.heading(`Regra da apuração (versão ${a.versao_regra})`);
  a.regra.forEach((r, i) => w.para(`${i + 1}. ${r}`));
}

/** The title lines of both documents. */
export function writeTitle(w: Writer, title: string, a: Apuracao): void {
  w.doc.font(BOLD).fontSize(18).text(winAnsi(title), { align: 'center' });
  w.doc
    .font(FONT)
    .fontSize(10)
    .text(
      winAnsi(
        `Apuração nº ${a.id_apuracao} — promoção comercial com sorteio pela Loteria Federal ` +
          '(Lei 5.768/71 e Decreto 70.951/72)',
      ),
      { align: 'center' },
    );
}

// ── The ata ──────────────────────────────────────────────────────────────────

/** The ticket, the masked participant and the shop: `001-50123 — Maria C**** — Padaria Alfa`. */
const ticketLine = (g: GanhadorApuracao): string =>
  `${g.serie_numero} — ${g.participante} — ${g.nom_estabelecimento}`;

const annulment = (g: GanhadorApuracao): string =>
  `Anulado — ${g.tipo ? ROTULO_TIPO_ANULACAO[g.tipo] : 'motivo'}. Motivo: ${g.motivo_anulacao ?? ''}`;

/** One winner or substitute of prize k, with its annulment and claim deadline. */
function writeWinner(w: Writer, a: Apuracao, g: GanhadorApuracao, annulled: GanhadorApuracao | undefined) {
  const indent = { indent: 14 };
  if (g.suplente) {
    const concurso = g.concurso ?? a.concurso;
    const data = g.data_concurso ? `, de ${dia(g.data_concurso)}` : '';
    const por = annulled?.tipo ? ` (pela anulação: ${ROTULO_TIPO_ANULACAO[annulled.tipo]})` : '';
    if (g.pendente) {
      w.para(
        `Suplente${por}: aguardando o concurso nº ${concurso}${g.data_concurso ? ` de ${dia(g.data_concurso)}` : ''}.`,
        indent,
      );
      return;
    }
    w.para(`Suplente${por}, pelo concurso nº ${concurso}${data}: ${ticketLine(g)}`, indent);
    if (g.premios_concurso)
      w.para(`Prêmios do concurso nº ${concurso}: ${g.premios_concurso.join(', ')}.`, { indent: 28 });
  } else {
    w.para(`Contemplado: ${ticketLine(g)}`, indent);
  }
  if (g.anulado) w.para(annulment(g), { indent: 28 });
  if (g.excluidos.length > 0)
    w.para(`Bilhetes da venda anulada, fora da lista do suplente: ${g.excluidos.join(', ')}.`, {
      indent: 28,
    });
  if (!g.anulado && g.prazo_reclamacao)
    w.para(`Prazo para reclamar o prêmio: até ${dia(g.prazo_reclamacao)}.`, { indent: 28 });
}

/** Renders the minutes of apuração `a` as a PDF. */
export async function renderAta(a: Apuracao, extra: PdfExtra): Promise<Buffer> {
  const w = await openPdf(
    {
      Title: `Ata de apuração nº ${a.id_apuracao}`,
      Subject: `${a.den_campanha}, concurso ${a.concurso} da Loteria Federal`,
    },
    extra.geradoEm,
  );
  const { doc } = w;
  writeTitle(w, 'Ata de apuração', a);

  w.heading('Identificação');
  w.field('Promotor', promotorText(extra.promotor));
  w.field('Autorização', a.autorizacao ?? 'não informada');
  w.field('Cidade', extra.cidade);
  w.field('Campanha', a.den_campanha);
  w.field('Apuração final da campanha', a.final ? 'sim' : 'não');
  w.field(
    'Situação',
    a.status === 'apurada'
      ? 'apurada'
      : a.status === 'suspensa'
        ? 'suspensa'
        : 'agendada (ainda sem resultado)',
  );

  w.heading('Concurso da Loteria Federal');
  w.field('Concurso', `nº ${a.concurso}, de ${dia(a.data_concurso)}`);
  w.field('Instante do concurso', `${concursoInstant(a.instante_concurso)} (horário de Brasília)`);
  if (a.excecao_motivo) w.field('Exceção ao calendário da Loteria Federal', a.excecao_motivo);

  w.heading('Reagendamentos');
  if (a.reagendamentos.length === 0) w.para('Nenhum.');
  for (const r of a.reagendamentos) {
    const what =
      r.tipo === 'concurso_nao_realizado'
        ? `o concurso nº ${r.concurso_anterior}, de ${dia(r.data_anterior)}, não foi realizado pela Caixa; ` +
          `a apuração passou para o concurso nº ${r.concurso}, de ${dia(r.data_concurso)}.`
        : `reagendada do concurso nº ${r.concurso_anterior}, de ${dia(r.data_anterior)}, ` +
          `para o concurso nº ${r.concurso}, de ${dia(r.data_concurso)}.`;
    w.para(`${onClock(r.em)}: ${what}${r.motivo ? ` Motivo: ${r.motivo}` : ''}`);
  }

  w.heading('Arquivo de bilhetes');
  doc.font(BOLD).text('Hash SHA-256 do arquivo de bilhetes:');
  w.mono(a.hash_bilhetes);
  w.field('Congelado e publicado em', onClock(a.congelado_em));
  w.field('Quantidade de bilhetes', integer(a.qtd_bilhetes));
  doc.font(BOLD).text('Endereço do arquivo:');
  w.mono(extra.arquivoUrl);

  w.heading('Publicações do edital');
  if (a.publicacoes.length === 0) w.para('Nenhuma publicação registrada.');
  for (const p of a.publicacoes) {
    const parts = [p.veiculo, dia(p.data_publicacao), ...(p.url ? [p.url] : [])];
    w.para(`• ${parts.join(', ')}${p.posterior_ao_concurso ? ' (posterior ao concurso)' : ''}`);
  }

  w.heading('Condições');
  w.field('Prêmios a apurar', integer(a.qtd_premios));
  w.field('Repetir loja', lojas(a.mloja));
  w.field('Repetir participante', participantes(a.musuario));

  w.heading('Resultado da Loteria Federal');
  if (a.premios === null) {
    w.para('Ainda sem resultado.');
  } else {
    w.para(`Prêmios do concurso nº ${a.concurso}, de ${dia(a.data_concurso)}:`);
    a.premios.forEach((p, i) => {
      doc
        .font(FONT)
        .text(`${ordinal(i + 1)} prêmio: `, MARGIN + 14, undefined, { continued: true })
        .font(MONO)
        .text(p);
    });
    doc.font(FONT).moveDown(0.3);
    doc.x = MARGIN;
    if (a.serie_inicial !== null && a.numero_inicial !== null) {
      w.field('Ponto de partida (série-número)', `${a.serie_inicial}-${a.numero_inicial}`);
    }
    w.field('Resultado lançado por', a.lancado_por ?? 'não registrado');
    w.field('Resultado confirmado por', a.confirmado_por ?? 'não registrado');
    if (a.apurada_em !== null) w.field('Apurada em', onClock(a.apurada_em));
  }

  writeRule(w, a);

  w.heading('Prêmios e contemplados');
  if (a.status !== 'apurada') w.para('Os contemplados são conhecidos após o resultado.');
  else if (a.ganhadores.length === 0) w.para('Nenhum contemplado.');
  const qtd = Math.max(a.qtd_premios, ...a.ganhadores.map((g) => g.premio));
  for (let k = 1; k <= qtd; k++) {
    w.keep(50);
    doc
      .font(BOLD)
      .text(winAnsi(`${ordinal(k)} prêmio: `), { continued: true })
      .font(FONT)
      .text(winAnsi(prizeDescription(a, k)), { paragraphGap: 2 });
    if (a.status !== 'apurada') continue;
    const ofPrize = a.ganhadores.filter((g) => g.premio === k);
    if (ofPrize.length === 0)
      w.para('Sem contemplado: a lista elegível acabou antes deste prêmio.', { indent: 14 });
    // The first winner, then each substitute in order; a substitute follows the one annulled before it.
    let previous: GanhadorApuracao | undefined;
    for (const g of ofPrize) {
      writeWinner(w, a, g, previous?.anulado ? previous : undefined);
      previous = g;
    }
  }

  w.heading('Prazo para reclamar os prêmios');
  w.para(claimRule(a));

  // The three signatures side by side, kept on one page with their heading.
  w.keep(130);
  w.heading('Assinaturas');
  doc.moveDown(2.5);
  const top = doc.y;
  const gap = 18;
  const width = (doc.page.width - 2 * MARGIN - 2 * gap) / 3;
  ['Operador', 'Testemunha 1', 'Testemunha 2'].forEach((who, i) => {
    const x = MARGIN + i * (width + gap);
    doc
      .moveTo(x, top)
      .lineTo(x + width, top)
      .lineWidth(0.5)
      .stroke();
    doc
      .font(BOLD)
      .fontSize(10)
      .text(who, x, top + 4, { width });
    doc.font(FONT).text('Nome:', { width }).text('CPF:', { width });
  });
  doc.x = MARGIN;

  doc
    .moveDown(2)
    .font(FONT)
    .fontSize(9)
    .text(winAnsi(`Gerado em ${onClock(extra.geradoEm)}.`));
  doc.end();
  return w.done;
}
