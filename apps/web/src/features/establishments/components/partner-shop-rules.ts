import {
  EstabelecimentoParceiroBody,
  onlyDigits,
  type EstabelecimentoParceiro,
  type EstabelecimentoParceiroBody as Body,
} from '@praca/contract';
import { checkWithContract, withRefusals, type ContractCheck } from '@/components/editor/contract-check';
import { repeatedSeller, sellerRows, sellersBody, type SellerRow } from './establishment-rules';

/** What the partner edits of its own shop (issue 35): contacts, address and sellers. */
export interface PartnerShopFormValues {
  /** Digits only (the mask shows the area code and dash). */
  telefone: string;
  whatsup: string;
  site: string;
  /** Digits only (the mask shows the dash). */
  cep: string;
  endereco: string;
  complemento: string;
  bairro: string;
  vendedores: SellerRow[];
}

export type PartnerShopField = keyof PartnerShopFormValues;

export function fromPartnerShop(s: EstabelecimentoParceiro): PartnerShopFormValues {
  return {
    telefone: onlyDigits(s.telefone).slice(0, 11),
    whatsup: onlyDigits(s.whatsup).slice(0, 11),
    site: s.site,
    cep: onlyDigits(s.cep).slice(0, 8),
    endereco: s.endereco,
    complemento: s.complemento,
    bairro: s.bairro,
    vendedores: sellerRows(s.vendedores),
  };
}

const FIELDS: readonly PartnerShopField[] = [
  'telefone',
  'whatsup',
  'site',
  'cep',
  'endereco',
  'complemento',
  'bairro',
  'vendedores',
];

/**
 * The PATCH body, checked by the contract's own schema before any call, so the browser refuses
 * what the server would, with the same Portuguese text, every refused field at once. Only the
 * partner's fields go: an administrator's field would make the server refuse the whole save.
 */
export function toPartnerShopBody(values: PartnerShopFormValues): ContractCheck<Body, PartnerShopField> {
  const raw: Body = {
    telefone: onlyDigits(values.telefone),
    whatsup: onlyDigits(values.whatsup),
    site: values.site,
    cep: values.cep,
    endereco: values.endereco,
    complemento: values.complemento,
    bairro: values.bairro,
    vendedores: sellersBody(values.vendedores),
  };
  const repeated = repeatedSeller(values.vendedores);
  const checked = withRefusals(
    repeated ? [{ erro: repeated, campo: 'vendedores' as const }] : [],
    checkWithContract(EstabelecimentoParceiroBody, raw, FIELDS),
  );
  // What was typed goes (the server reads it with the same schema), not the parsed output.
  return checked.ok ? { ok: true, body: raw } : checked;
}
