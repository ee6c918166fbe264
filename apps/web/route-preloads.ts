import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Decision 032: the first screens people open, by the path the server answers with index.html,
 * and the source modules each one loads at once (its route module, and the parts it always
 * fetches right after).
 */
const ROUTE_PRELOADS: Record<string, string[]> = {
  '/': [
    'src/features/home/routes/home.tsx',
    'src/components/carousel/app-carousel.tsx',
    'src/features/home/components/winners-section.tsx',
  ],
  '/login': ['src/features/auth/routes/login.tsx'],
  '/parceiro': ['src/features/auth/routes/parceiro-login.tsx'],
  '/parceiro/login': ['src/features/auth/routes/parceiro-login.tsx'],
  '/admin': ['src/features/auth/routes/admin-login.tsx'],
  '/admin/login': ['src/features/auth/routes/admin-login.tsx'],
};

/** The file the build writes beside index.html; the API server reads it (plugins/web-app.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `route-preloads.json`: for each path of ROUTE_PRELOADS, the chunks its modules need
 * that the entry does not already load (their static imports, transitively), and their CSS,
 * as paths under the build folder. The server puts them in that page's index.html as
 * `<link rel="modulepreload">` and stylesheet links, so the browser fetches them with the
 * page, and Vite's preload helper finds them there and adds none at run time.
 */
export function routePreloads(root: string, routes = ROUTE_PRELOADS): Plugin {
  return {
    name: 'praca-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, out: Set<string>) => {
        if (out.has(file)) return;
        out.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, out);
      };
      const initial = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) closure(entry.fileName, initial);
      const result: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(routes)) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) this.error(`route-preloads: ${module} (${route}) is no chunk of its own`);
          closure(chunk.fileName, files);
        }
        const js = [...files].filter((f) => !initial.has(f));
        const css = new Set<string>();
        for (const f of js) for (const c of byFile.get(f)?.viteMetadata?.importedCss ?? []) css.add(c);
        result[route] = [...css, ...js];
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(result, null, 2)}\n`,
      });
    },
  };
}
