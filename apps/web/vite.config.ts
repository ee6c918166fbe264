import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { fontPreload } from './font-preload';
import { precompress } from './precompress';
import { routePreloads } from './route-preloads';

/**
 * Base path: assets are built for `VITE_BASE_PATH` (default `/`). At run time the router
 * basename comes from `<meta name="praca-base">` in index.html, which the API server
 * rewrites when it serves the app under another prefix (see src/config/env.ts). We do not
 * use a relative `base: './'`: relative asset URLs break on deep routes such as /meu/extrato.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const base = env.VITE_BASE_PATH || '/';
  const baseDir = base.endsWith('/') ? base : `${base}/`;
  return {
    base: baseDir,
    plugins: [
      react(),
      fontPreload(baseDir),
      precompress(),
      routePreloads(fileURLToPath(new URL('.', import.meta.url))),
      {
        // public/home-prefetch.js asks the same origin; an API elsewhere is the app's to call.
        name: 'praca-home-prefetch',
        transformIndexHtml: (html: string) =>
          env.VITE_API_URL ? html.replace(/\s*<!-- Decision 016[\s\S]*?<\/script>/, '') : html,
      },
    ],
    resolve: {
      // React Router 8's package exports name its production build by default and its
      // development build under the `development` condition, so `vite build` takes the
      // production one with no alias (decision 029; React Router 7 needed one).
      alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
    },
    server: {
      // `npm run dev -w apps/web`: the API runs on its own port during development.
      proxy: {
        '/v1': env.VITE_API_PROXY || 'http://localhost:3000',
        '/img': env.VITE_API_PROXY || 'http://localhost:3000',
      },
    },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'initial', tags: ['$initial'] }],
          },
        },
      },
    },
    experimental: {
      // Inside JS and CSS, chunks and assets are found relative to the file that loads them
      // (`import.meta.url`), so lazy routes and images load under any base path; only
      // index.html carries absolute URLs, which the server rewrites for its BASE_PATH.
      renderBuiltUrl(_filename: string, { hostType }: { hostType: 'js' | 'css' | 'html' }) {
        return hostType === 'html' ? undefined : { relative: true };
      },
    },
  };
});
