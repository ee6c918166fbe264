/**
 * Run-time configuration. The built index.html carries `<meta name="praca-*">` tags that the
 * server rewrites when it serves the app (an inline script would break the CSP). Build-time
 * `VITE_*` variables win over the tags when they are set.
 */

function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return el ? el.content.trim() : null;
}

function withTrailingSlash(v: string): string {
  return v.endsWith('/') ? v : `${v}/`;
}

function withoutTrailingSlash(v: string): string {
  return v.replace(/\/+$/, '');
}

/** Base path of the app, always starting and ending with `/` (e.g. `/` or `/praca/`). */
export function basePath(): string {
  const raw = meta('praca-base') || import.meta.env.BASE_URL || '/';
  const withLead = raw.startsWith('/') ? raw : `/${raw}`;
  return withTrailingSlash(withLead);
}

/** The router's basename: the base path without its trailing slash (`/` stays `/`). */
export function routerBasename(): string {
  const b = withoutTrailingSlash(basePath());
  return b === '' ? '/' : b;
}

/**
 * Prefix of every API call, without trailing slash. By default the API lives under the same
 * base path as the app (`/v1/…`, or `/praca/v1/…` when served under `/praca/`).
 */
export function apiUrl(): string {
  const explicit = import.meta.env.VITE_API_URL || meta('praca-api');
  return withoutTrailingSlash(explicit || basePath());
}

/**
 * Prefix of images (spec §3: "a separate image host prefix plus the given path"). By default
 * the server's image service under the base path: `/img/` (or `/praca/img/`).
 */
export function imageHost(): string {
  const explicit = import.meta.env.VITE_IMG_URL || meta('praca-img');
  return withTrailingSlash(explicit || `${basePath()}img/`);
}

/** Full URL of a stored image path; absolute URLs and data URLs pass unchanged. */
export function imageUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return imageHost() + path.replace(/^\/+/, '');
}

const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_MAP_TILE_ATTRIBUTION = '&copy; OpenStreetMap';
const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

/** Tile URL template of the map page (`{z}/{x}/{y}`); the server's MAP_TILE_URL. */
export function mapTileUrl(): string {
  return meta('praca-map-tiles') || DEFAULT_MAP_TILE_URL;
}

/** Attribution (HTML) shown on the map's tiles; the server's MAP_TILE_ATTRIBUTION. */
export function mapTileAttribution(): string {
  return meta('praca-map-attribution') || DEFAULT_MAP_TILE_ATTRIBUTION;
}

/** Nominatim-style address search URL (`?format=json&q=…`); the server's GEOCODER_URL. */
export function geocoderUrl(): string {
  return meta('praca-geocoder') || DEFAULT_GEOCODER_URL;
}

/** Whether the server offers "Entrar com gov.br" (it has GOVBR_CLIENT_ID; issue 52). */
export function govbrEnabled(): boolean {
  return meta('praca-govbr') === '1';
}

/** HTTP Basic credentials of GET /v1/cidades; the API uses the same defaults. */
export function cidadesCredentials(): { user: string; pass: string } {
  return {
    user: import.meta.env.VITE_CIDADES_USER || 'praca',
    pass: import.meta.env.VITE_CIDADES_PASS || 'praca-cidades',
  };
}

export function storeUrls(): { playStore: string; appStore: string } {
  return {
    playStore:
      import.meta.env.VITE_PLAY_STORE_URL || 'https://play.google.com/store/search?q=Pra%C3%A7a&c=apps',
    appStore: import.meta.env.VITE_APP_STORE_URL || 'https://www.apple.com/br/app-store/',
  };
}
