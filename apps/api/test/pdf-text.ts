/**
 * The text an uncompressed pdfkit file shows (the edital's and the ata's tests): each `[...] TJ`
 * of its content is a run of hex strings (WinAnsi bytes) between kerning numbers; a run is one
 * line, or one piece of a line in another font. Runs are joined with a space and spaces
 * collapsed, so a phrase reads the same whether or not the page wrapped it.
 */
export function textOf(pdf: Buffer): string {
  const winAnsi = new TextDecoder('windows-1252');
  const runs = pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g);
  return [...runs]
    .map(([, run]) =>
      [...run!.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => winAnsi.decode(Buffer.from(hex!, 'hex')))
        .join(''),
    )
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** The rule as printed: the built-in fonts have no minus sign (U+2212). */
export const printed = (s: string) => s.replace(/−/g, '-').replace(/\s+/g, ' ');
