/** Who is calling, as the auth plugin puts it on `request.user`. */
export interface AuthUser {
  id: number;
  sessionId: number;
  nome: string;
  cod_cidade: number;
  parceiro: boolean;
  /** True for admins and super-admins alike. */
  admin: boolean;
  superadmin: boolean;
  /** Shops linked in usuario_estabelecimentos (a partner's shops; an admin's limit). */
  estabelecimentos: number[];
  /** Set when the caller is an API key (issue 39): its partner, for the key's one shop. */
  chave?: { id: number };
}

/** The three login doors of the spec: consumer, partner and admin. */
export type LoginDoor = 'consumidor' | 'parceiro' | 'admin';
