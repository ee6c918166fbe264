/** Types of govbr-provider.mjs (a local gov.br for tests, issue 52). */
export interface GovbrTestAccount {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  nivel?: 'bronze' | 'prata' | 'ouro';
  /** false: no `reliability_info` in the id_token; the level comes from the confiabilidades API. */
  nivelNoToken?: boolean;
  amr?: string[];
}

export interface GovbrTestProvider {
  issuer: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  setAccount(a: GovbrTestAccount): void;
  close(): Promise<void>;
}

export function startGovbrProvider(o: {
  port?: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<GovbrTestProvider>;
