import type { ImagemResposta } from '@praca/contract';

/**
 * A stored image: its path under the image base (also as `nomearq`, the spec's name), the URL
 * this server serves it at and its size in pixels.
 */
export const presentSavedImage = (
  caminho: string,
  basePath: string,
  png: { width: number; height: number },
): ImagemResposta => ({
  caminho,
  nomearq: caminho,
  url: `${basePath}img/${caminho}`,
  largura: png.width,
  altura: png.height,
});
