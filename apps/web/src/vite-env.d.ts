/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base path the assets are built for (default `/`). */
  readonly VITE_BASE_PATH?: string;
  /** Prefix of the API; overrides `<meta name="praca-api">`. Empty means same origin. */
  readonly VITE_API_URL?: string;
  /** Prefix of images; overrides `<meta name="praca-img">`. */
  readonly VITE_IMG_URL?: string;
  /** HTTP Basic credentials of GET /v1/cidades (spec §7: "a second client"). */
  readonly VITE_CIDADES_USER?: string;
  readonly VITE_CIDADES_PASS?: string;
  readonly VITE_PLAY_STORE_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
