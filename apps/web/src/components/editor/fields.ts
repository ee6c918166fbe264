import type { ImageDir } from '@praca/contract';

/** A web address field: 'https://' as its hint, the phone's URL keyboard, up to 300 characters. */
export const URL_FIELD = { placeholder: 'https://', type: 'url', inputMode: 'url', maxLength: 300 } as const;

/**
 * The props of an editor's picture (ImageUpload, spec §9): its folder, the box the server
 * resizes into, the preview box (default: from the box) and the note 'Imagem de W × H pixels'
 * with an optional `more` after it.
 */
export function pictureField(
  dir: ImageDir,
  [largura, altura]: readonly [number, number],
  preview?: readonly [number, number],
  more = '',
) {
  return {
    dir,
    size: { largura, altura },
    previewWidth: preview?.[0],
    previewHeight: preview?.[1],
    description: `Imagem de ${largura} × ${altura} pixels${more}`,
  };
}
