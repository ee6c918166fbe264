import type { Plugin } from 'vite';

/** The one font file every page needs first: the latin subset of the brand typeface (src/app/fonts.css). */
const FONT = /^assets\/plus-jakarta-sans-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Puts `<link rel="preload" as="font">` for the brand font into the built index.html, so the
 * browser fetches it with the page's CSS instead of after laying the page out: the text swaps
 * to it early and the largest paint is not held up. One file only (issue 35). The server
 * rewrites the leading `/` for its base path like every other asset link.
 */
export function fontPreload(base: string): Plugin {
  return {
    name: 'praca-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => FONT.test(f));
        if (!font) throw new Error('font-preload: the brand font is not in the build');
        const tag = `<link rel="preload" href="${base}${font}" as="font" type="font/woff2" crossorigin>`;
        return html.replace('</title>', () => `</title>\n    ${tag}`);
      },
    },
  };
}
