/** Business constants of spec §9 and domain.md, shared by the server and the web. */
export const APP_VERSION = '2025.01.02.001';
export const SALE_MAX_VALUE = 50000;
export const RESET_CODE_LENGTH = 150;
export const CUSTOMER_SEARCH_MAX = 6;
export const PAGE_SIZE = 20;
/** The consumer home's shops: at most this many, shuffled on the server once a day (issue 38). */
export const VITRINE_MAX = 24;
/** Participantes' page of shops (issue 38): one load of the infinite scroll; at most `..._MAX`. */
export const PARTICIPANTES_PAGE = 24;
export const PARTICIPANTES_PAGE_MAX = 48;
export const NOTIFICATION_MESSAGE_MAX = 2000;
/** Push subscriptions (browsers, devices) one person may hold (issue 37). */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Issue 52: live (unrevoked) API keys one partner may hold. */
export const CHAVES_API_MAX = 20;
/** Issue 52: open complaints one resident may have opened and not yet seen decided. */
export const CONTESTACOES_ABERTAS_MAX = 10;
export const PROMOTION_RULE_MAX = 200;
export const DEFAULT_SELLER_ID = 99;
export const DEFAULT_SELLER_NAME = 'Sem Vendedor';
export const COUPON_SERIES_SIZE = 100_000;
export const NO_CITY = '000000';
export const PROGRAMME_TIME_ZONE = 'America/Sao_Paulo';
/** The longest e-mail (RFC 5321) and password (the client sends SHA-256 hex) a login takes. */
export const EMAIL_MAX = 254;
export const SENHA_MAX = 256;

/** Promotion exposure plans: days and price in BRL (spec §9, domain §7). */
export const PROMOTION_PLANS = [
  { dias: 7, preco: 15 },
  { dias: 15, preco: 20 },
  { dias: 30, preco: 25 },
  { dias: 90, preco: 50 },
  { dias: 180, preco: 80 },
  { dias: 365, preco: 100 },
  { dias: 730, preco: 170 },
] as const;

export const IMAGE_DIRS = ['imgban', 'imgest', 'imglog', 'users', 'imgprom', 'imgtur'] as const;
export type ImageDir = (typeof IMAGE_DIRS)[number];

/** Tourism types (spec §3). */
export const TOURISM_TYPES = ['Locais', 'Hoteis', 'Alimentação', 'Eventos', 'Uteis'] as const;

/**
 * What a notice or message body may hold (domain §7): simple formatting and plain links. The
 * server keeps only these when it stores a body, and the web when it previews or shows one.
 */
export const HTML_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'br',
  'p',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'small',
  'h3',
  'h4',
] as const;
/** The attributes a link (`a`, the only tag with any) may keep. */
export const HTML_LINK_ATTRS = ['href', 'title', 'target', 'rel'] as const;
