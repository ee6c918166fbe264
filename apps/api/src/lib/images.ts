/**
 * The sharp adapter of the image service (domain §12): an uploaded picture in, a PNG that
 * fits a box out. Only PNG, JPEG, WebP and GIF are read; anything else (SVG, TIFF, PDF, text,
 * a truncated file) is refused before or while libvips decodes it.
 */

/** Pixels (width × height) above which an input is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

type AcceptedFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** Why an input was refused: not a readable picture of an accepted format, or too many pixels. */
export type RejectReason = 'invalid' | 'pixels';

export class ImageRejected extends Error {
  constructor(
    readonly reason: RejectReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'ImageRejected';
  }
}

export interface Box {
  width: number;
  height: number;
}

export interface PngImage {
  data: Buffer;
  width: number;
  height: number;
  /** The format the input was in. */
  from: AcceptedFormat;
}

/** The format from the file's first bytes (magic numbers), or null for anything else. */
function sniffFormat(buf: Buffer): AcceptedFormat | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) return 'gif';
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const isPixelLimit = (err: unknown): boolean => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * Decodes `input`, turns it upright by its EXIF orientation, shrinks it to fit inside `box`
 * (keeping the aspect ratio, never enlarging) and encodes it as PNG without metadata.
 * Throws {@link ImageRejected} for input it will not or cannot read; the first frame of an
 * animated GIF or WebP is kept.
 */
export async function toPng(input: Buffer, box: Box): Promise<PngImage> {
  const sniffed = sniffFormat(input);
  if (!sniffed) throw new ImageRejected('invalid', 'formato não aceito');
  // Loaded on the first upload: sharp and libvips cost a server ~25 MB it would keep for nothing.
  const { default: sharp } = await import('sharp');
  const open = () => sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });

  let format: string | undefined;
  try {
    const meta = await open().metadata();
    format = meta.format;
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new ImageRejected('pixels', `${meta.width}x${meta.height}`);
    }
  } catch (err) {
    if (err instanceof ImageRejected) throw err;
    throw new ImageRejected(isPixelLimit(err) ? 'pixels' : 'invalid', String(err));
  }
  if (format !== sniffed) throw new ImageRejected('invalid', `formato ${format} com assinatura ${sniffed}`);

  try {
    const { data, info } = await open()
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, from: sniffed };
  } catch (err) {
    throw new ImageRejected(isPixelLimit(err) ? 'pixels' : 'invalid', String(err));
  }
}
