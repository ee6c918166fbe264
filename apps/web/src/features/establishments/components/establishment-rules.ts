import {
  DEFAULT_SELLER_ID,
  DEFAULT_SELLER_NAME,
  EstabelecimentoBody,
  MSG_ADMIN,
  formatCnpj,
  isValidCnpj,
  onlyDigits,
  type EstabelecimentoAdmin,
  type SimNao,
} from '@praca/contract';
import type { UseFormReturn } from 'react-hook-form';
import {
  checkWithContract,
  withRefusals,
  type ContractCheck,
  type ContractRefusal,
} from '@/components/editor/contract-check';
import { MONEY_EXAMPLE, decimalText, readOptionalDecimal } from '@/lib/decimal-text';

/** The establishment dialog's form: its values, checked into the request's body. */
export type EstablishmentForm = UseFormReturn<EstablishmentFormValues>;

/** A seller row of the 'Vendedores' tab; `id_vendedor` is absent for one added now. */
export interface SellerRow {
  /** A stable React key (the id, or a local one for a new seller). */
  key: string;
  id_vendedor?: number;
  nome_vendedor: string;
  /** The name as loaded or added, which names the row's controls while it is renamed. */
  original: string;
}

/** What the establishment dialog edits (spec §3 Establishment). */
export interface EstablishmentFormValues {
  id_estabelecimento: number;
  nome: string;
  /** Formatted `00.000.000/0000-00` while typed; '' for none. */
  cnpj: string;
  /** Issue 53: every CNPJ the shop issues receipts (NFC-e) under, its branches too, formatted. */
  cnpjs: string[];
  /** 0: no category. */
  id_categoria: number;
  /** 0: none chosen. */
  cod_cidade: number;
  ind_ativo: SimNao;
  ies_campanha: SimNao;
  /** Reais exactly as typed (MoneyInput), read on Save; '' is sent as 0. */
  vl_min_pedido: string;
  vl_taxa_entrega: string;
  site: string;
  /** Digits only (the mask shows the dash). */
  cep: string;
  endereco: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  /** Digits only (the mask shows the area code and dash). */
  telefone: string;
  whatsup: string;
  /** Degrees with up to 8 decimals, negatives allowed; null when empty. */
  latitude: number | null;
  longitude: number | null;
  url_foto: string;
  url_logo: string;
  vendedores: SellerRow[];
}

export const SUPERADMIN_ONLY_NOTE = 'Somente o super-administrador altera este campo';

export type EstablishmentTab = 'dados' | 'endereco' | 'fotos' | 'vendedores';

/** The tab that holds each field, so an error can show where to fix it. */
const FIELD_TAB: Partial<Record<keyof EstablishmentFormValues, EstablishmentTab>> = {
  cep: 'endereco',
  endereco: 'endereco',
  complemento: 'endereco',
  bairro: 'endereco',
  cidade: 'endereco',
  uf: 'endereco',
  telefone: 'endereco',
  whatsup: 'endereco',
  latitude: 'endereco',
  longitude: 'endereco',
  url_foto: 'fotos',
  url_logo: 'fotos',
  vendedores: 'vendedores',
};

export const tabOfField = (field: string | undefined): EstablishmentTab =>
  FIELD_TAB[field as keyof EstablishmentFormValues] ?? 'dados';

/**
 * A new shop: active, outside campaigns, money 0, in the admin city (0 when none is chosen),
 * whose name and state, when known, start the address.
 */
export function emptyEstablishment(
  codCidade: number,
  cidade?: { cidade: string; uf: string },
): EstablishmentFormValues {
  return {
    id_estabelecimento: 0,
    nome: '',
    cnpj: '',
    cnpjs: [],
    id_categoria: 0,
    cod_cidade: codCidade > 0 ? codCidade : 0,
    ind_ativo: 'S',
    ies_campanha: 'N',
    vl_min_pedido: '0,00',
    vl_taxa_entrega: '0,00',
    site: '',
    cep: '',
    endereco: '',
    complemento: '',
    bairro: '',
    cidade: codCidade > 0 ? (cidade?.cidade ?? '') : '',
    uf: codCidade > 0 ? (cidade?.uf ?? '') : '',
    telefone: '',
    whatsup: '',
    latitude: null,
    longitude: null,
    url_foto: '',
    url_logo: '',
    vendedores: [],
  };
}

const sellerKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');

/** Seller names compare trimmed and in any case: ' ana ' is 'Ana'. */
function sameSellerName(a: string, b: string): boolean {
  return sellerKey(a) === sellerKey(b);
}

/** 'Sem Vendedor' (id 99) is offered by every sale on its own: it is not a row of the tab. */
const isDefaultSeller = (id: number | undefined, nome: string): boolean =>
  id === DEFAULT_SELLER_ID || sameSellerName(nome, DEFAULT_SELLER_NAME);

/** The rows of the 'Vendedores' list from a shop's sellers ('Sem Vendedor' left out). */
export function sellerRows(vendedores: EstabelecimentoAdmin['vendedores']): SellerRow[] {
  return vendedores
    .filter((v) => !isDefaultSeller(v.id_vendedor, v.nome_vendedor))
    .map((v) => ({
      key: `v${v.id_vendedor}`,
      id_vendedor: v.id_vendedor,
      nome_vendedor: v.nome_vendedor,
      original: v.nome_vendedor,
    }));
}

/** Why the list of sellers cannot be saved (a name twice, or 'Sem Vendedor'), or null. */
export function repeatedSeller(list: SellerRow[]): string | null {
  const seen: string[] = [];
  for (const s of list) {
    const nome = s.nome_vendedor.trim();
    if (nome !== '' && (isDefaultSeller(undefined, nome) || seen.some((n) => sameSellerName(n, nome)))) {
      return `O vendedor "${nome}" aparece duas vezes na lista`;
    }
    seen.push(nome);
  }
  return null;
}

/** The list of sellers as a body sends it: an id renames, no id adds. */
export const sellersBody = (list: SellerRow[]) =>
  list.map((s) =>
    s.id_vendedor !== undefined
      ? { id_vendedor: s.id_vendedor, nome_vendedor: s.nome_vendedor }
      : { nome_vendedor: s.nome_vendedor },
  );

export function fromEstabelecimento(e: EstabelecimentoAdmin): EstablishmentFormValues {
  return {
    id_estabelecimento: e.id_estabelecimento,
    nome: e.nome,
    cnpj: e.cnpj ? formatCnpj(e.cnpj) : '',
    cnpjs: e.cnpjs.map(formatCnpj),
    id_categoria: e.id_categoria ?? 0,
    cod_cidade: e.cod_cidade,
    ind_ativo: e.ind_ativo,
    ies_campanha: e.ies_campanha,
    vl_min_pedido: decimalText(e.vl_min_pedido, 2),
    vl_taxa_entrega: decimalText(e.vl_taxa_entrega, 2),
    site: e.site,
    cep: onlyDigits(e.cep).slice(0, 8),
    endereco: e.endereco,
    complemento: e.complemento,
    bairro: e.bairro,
    cidade: e.cidade,
    uf: e.uf,
    telefone: onlyDigits(e.telefone).slice(0, 11),
    whatsup: onlyDigits(e.whatsup).slice(0, 11),
    latitude: e.latitude,
    longitude: e.longitude,
    url_foto: e.url_foto,
    url_logo: e.url_logo,
    vendedores: sellerRows(e.vendedores),
  };
}

export type AddSellerResult =
  | { added: true; list: SellerRow[] }
  | { added: false; list: SellerRow[]; reason: 'vazio' | 'repetido' | 'padrao' };

let nextKey = 0;

/**
 * Adds a seller at the end (spec §5 Sellers tab): a name already in the list (trimmed,
 * any case) is ignored, and so is 'Sem Vendedor', which every sale offers anyway.
 */
export function addSeller(list: SellerRow[], name: string): AddSellerResult {
  const nome = name.trim().replace(/\s+/g, ' ');
  if (nome === '') return { added: false, list, reason: 'vazio' };
  if (isDefaultSeller(undefined, nome)) return { added: false, list, reason: 'padrao' };
  if (list.some((s) => sameSellerName(s.nome_vendedor, nome))) {
    return { added: false, list, reason: 'repetido' };
  }
  nextKey += 1;
  return { added: true, list: [...list, { key: `novo${nextKey}`, nome_vendedor: nome, original: nome }] };
}

/**
 * On leaving the CNPJ field (spec §5): empty stays empty; a valid number stays, formatted;
 * anything else clears the field with 'CNPJ invalido'.
 */
export function checkCnpjOnBlur(value: string): { value: string; erro?: string } {
  if (onlyDigits(value) === '') return { value: '' };
  if (!isValidCnpj(value)) return { value: '', erro: MSG_ADMIN.cnpjInvalido };
  return { value: formatCnpj(value) };
}

/** Issue 53: a CNPJ typed into the shop's list that is already there. */
export const CNPJ_JA_NA_LISTA = 'Este CNPJ já está na lista';

/**
 * Issue 53: adds a CNPJ to the shop's list of receipt issuers: numeric or alphanumeric (the
 * contract's rule), kept formatted; one already listed, in any case or mask, is refused.
 */
export function addCnpj(
  list: string[],
  typed: string,
): { ok: true; list: string[] } | { ok: false; erro: string } {
  if (!isValidCnpj(typed)) return { ok: false, erro: MSG_ADMIN.cnpjInvalido };
  const cnpj = formatCnpj(typed);
  if (list.includes(cnpj)) return { ok: false, erro: CNPJ_JA_NA_LISTA };
  return { ok: true, list: [...list, cnpj] };
}

/** The money fields as the person knows them, for the messages (spec §5: 2 decimals). */
const MONEY_FIELDS = {
  vl_min_pedido: { label: 'Pedido mínimo', places: 2, example: MONEY_EXAMPLE },
  vl_taxa_entrega: { label: 'Taxa de entrega', places: 2, example: MONEY_EXAMPLE },
} as const;

/** A field of the establishment's form a refusal points at (its tab: {@link tabOfField}). */
export type EstablishmentField = keyof EstablishmentFormValues;

/**
 * The request body, checked by the contract's own schema before any call, so the browser
 * refuses what the server would, with the same Portuguese text: every refusal, one per field
 * (the first is the answer; `tabOfField` finds its tab). The whole form goes, sellers included
 * as `vendedores` (the whole list); for an admin who is not the super-admin the fields only the
 * super-admin may change are left out, so a PATCH never touches them.
 */
export function toEstabelecimentoBody(
  values: EstablishmentFormValues,
  { superadmin }: { superadmin: boolean },
): ContractCheck<EstabelecimentoBody, EstablishmentField> {
  const own: ContractRefusal<EstablishmentField>[] = [];
  if (values.nome.trim() === '') own.push({ erro: MSG_ADMIN.nomeObrigatorio, campo: 'nome' });
  const repeated = repeatedSeller(values.vendedores);
  if (repeated) own.push({ erro: repeated, campo: 'vendedores' });
  const minimo = readOptionalDecimal(values.vl_min_pedido, MONEY_FIELDS.vl_min_pedido);
  if (!minimo.ok) own.push({ erro: minimo.erro, campo: 'vl_min_pedido' });
  const taxa = readOptionalDecimal(values.vl_taxa_entrega, MONEY_FIELDS.vl_taxa_entrega);
  if (!taxa.ok) own.push({ erro: taxa.erro, campo: 'vl_taxa_entrega' });

  const body: EstabelecimentoBody = {
    ...(values.id_estabelecimento > 0 ? { id_estabelecimento: values.id_estabelecimento } : {}),
    nome: values.nome,
    cnpj: values.cnpj,
    cnpjs: values.cnpjs,
    vl_min_pedido: minimo.ok ? minimo.value : 0,
    vl_taxa_entrega: taxa.ok ? taxa.value : 0,
    site: values.site,
    cep: values.cep,
    endereco: values.endereco,
    complemento: values.complemento,
    bairro: values.bairro,
    cidade: values.cidade,
    uf: values.uf,
    telefone: onlyDigits(values.telefone),
    whatsup: onlyDigits(values.whatsup),
    latitude: values.latitude,
    longitude: values.longitude,
    ...(superadmin
      ? {
          id_categoria: values.id_categoria > 0 ? values.id_categoria : null,
          cod_cidade: values.cod_cidade,
          ind_ativo: values.ind_ativo,
          ies_campanha: values.ies_campanha,
          url_foto: values.url_foto,
          url_logo: values.url_logo,
        }
      : {}),
    vendedores: sellersBody(values.vendedores),
  };
  const fields = Object.keys(values) as EstablishmentField[];
  const checked = withRefusals(own, checkWithContract(EstabelecimentoBody, body, fields));
  // The body as built goes (the server reads it with the same schema), not the parsed output.
  return checked.ok ? { ok: true, body } : checked;
}
