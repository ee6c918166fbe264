import { MSG_VENDA, SALE_MAX_VALUE, VendaBody } from '@praca/contract';
import { isIsoDay } from '@/components/date-input';
import { checarChaveNoAparelho } from '@/lib/chave-nfce';
import { readDecimal } from '@/lib/decimal-text';
import {
  checkWithContract,
  withRefusals,
  type ContractCheck,
  type ContractRefusal,
} from '@/components/editor/contract-check';

/** More than 2 decimals in the sale's value (the spec's other value texts are MSG_VENDA's). */
export const VALOR_CASAS = 'Valor da Venda: use no máximo 2 casas decimais, como 12,50';

/** Issue 53: a sale that names no buyer exists only with its receipt's key. */
export const SEM_COMPRADOR_SEM_CHAVE =
  'Uma venda sem comprador precisa da chave da nota fiscal: só a nota poderá ser doada';

/** What the sale dialog edits (spec §3 Sale). */
export interface SaleFormValues {
  id_venda: number;
  id_campanha: number;
  id_estabelecimento: number;
  /** −1: no recipient chosen (spec §4: the dialog opens so). */
  id_usuario: number;
  /** `YYYY-MM-DD`, or the text being typed while it is no real day (DateInput). */
  dat_venda: string;
  numero_venda: string;
  /** The value exactly as typed (MoneyInput), read on Save with `readDecimal`. */
  valor_venda: string;
  id_vendedor: number;
  /** Issue 40: the digits of a CPF with no account yet, chosen instead of a resident; '' for none. */
  cpf: string;
  /**
   * Issue 52: the masked CPF an edited sale was given to. Its edit may name no recipient: the
   * sale stays with that CPF (credited to its holder or still waiting), as the server keeps it.
   */
  cpfDado?: string;
  /** Issue 53: the receipt's NFC-e key as typed or scanned (a new sale's; '' for none). */
  chave_nfce: string;
  /** Issue 53: the customer gave no name nor CPF; the sale goes only with its receipt's key. */
  sem_comprador: boolean;
}

/** What the dialog knows beyond the form: whether the chosen campaign requires the receipt's key. */
export interface SaleContext {
  exigeNfce: boolean;
}

/** Save sends the sale to a chosen customer; 'qrcode' leaves it pending for a QR hand-over. */
export type SaleAction = 'salvar' | 'qrcode';

/**
 * The typed value in reais, or the message that refuses it (spec §5): what cannot be read, a
 * minus sign, zero: 'Valor da Venda invaldo'; more than 2 decimals: {@link VALOR_CASAS};
 * above 50,000: 'Valor da Venda acima do limite'.
 */
function readValor(text: string): { ok: true; value: number } | { ok: false; erro: string } {
  const read = readDecimal(text, 2);
  if (!read.ok) return { ok: false, erro: read.reason === 'casas' ? VALOR_CASAS : MSG_VENDA.valorInvalido };
  if (!(read.value > 0)) return { ok: false, erro: MSG_VENDA.valorInvalido };
  if (read.value > SALE_MAX_VALUE) return { ok: false, erro: MSG_VENDA.valorAcimaLimite };
  return read;
}

/** The fields of the sale dialog a refusal may point at. */
export type SaleField =
  'id_campanha' | 'numero_venda' | 'dat_venda' | 'valor_venda' | 'id_usuario' | 'chave_nfce';

const SALE_FIELDS: readonly SaleField[] = [
  'id_campanha',
  'numero_venda',
  'dat_venda',
  'valor_venda',
  'id_usuario',
  'chave_nfce',
];

/**
 * Issue 53: the typed or scanned key, read and checked on the device with the contract's
 * offline checks (the sale's date as the day, the state left to the server, which knows the
 * shop's city): the 44 positions to send, '' for none, or the refusal under the field. A
 * campaign that requires it, and a sale that names no buyer, refuse an empty one.
 */
function readChave(
  values: SaleFormValues,
  ctx: SaleContext,
): { ok: true; chave: string } | { ok: false; erro: string } {
  if (values.chave_nfce.trim() === '') {
    if (values.sem_comprador) return { ok: false, erro: SEM_COMPRADOR_SEM_CHAVE };
    if (ctx.exigeNfce) return { ok: false, erro: MSG_VENDA.chaveNfceObrigatoria };
    return { ok: true, chave: '' };
  }
  return checarChaveNoAparelho(
    values.chave_nfce,
    isIsoDay(values.dat_venda) ? { hoje: values.dat_venda } : {},
  );
}

/**
 * The client checks of spec §5 Sale, in the spec's order, before any call: number, value,
 * limit, then the recipient. The QR option runs the same checks, except that a chosen
 * recipient refuses it instead of being required (a refusal of the action, not of a field:
 * it goes to the red alert). Every refusal, one per field.
 */
function saleRefusals(
  values: SaleFormValues,
  action: SaleAction,
  ctx: SaleContext,
): ContractRefusal<SaleField>[] {
  const own: ContractRefusal<SaleField>[] = [];
  if (values.numero_venda.trim() === '') own.push({ erro: MSG_VENDA.numeroInvalido, campo: 'numero_venda' });
  const valor = readValor(values.valor_venda);
  if (!valor.ok) own.push({ erro: valor.erro, campo: 'valor_venda' });
  if (action === 'qrcode') {
    if (values.id_usuario >= 0 || values.cpf) own.push({ erro: MSG_VENDA.destinatarioJaDefinido });
  } else if (values.id_usuario < 0 && !values.cpf && !values.cpfDado && !values.sem_comprador) {
    own.push({ erro: MSG_VENDA.definaDestinatario, campo: 'id_usuario' });
  }
  // An edit never changes the key (the server keeps the one reported): only a new sale's is read.
  if (values.id_venda === 0) {
    const chave = readChave(values, ctx);
    if (!chave.ok) own.push({ erro: chave.erro, campo: 'chave_nfce' });
  }
  return own;
}

/** The first message of {@link saleRefusals}, or null. */
export function saleError(
  values: SaleFormValues,
  action: SaleAction,
  ctx: SaleContext = { exigeNfce: false },
): string | null {
  return saleRefusals(values, action, ctx)[0]?.erro ?? null;
}

/**
 * The request body, checked by the spec's rules ({@link saleRefusals}) and the contract's own
 * schema, so the browser refuses what the server would (campaign, date) with the same
 * Portuguese text: the body, or every refusal with the field it points at.
 */
export function toVendaBody(
  values: SaleFormValues,
  action: SaleAction,
  ctx: SaleContext = { exigeNfce: false },
): ContractCheck<VendaBody, SaleField> {
  const own = saleRefusals(values, action, ctx);
  if (!(values.id_campanha > 0)) own.push({ erro: 'Escolha a campanha', campo: 'id_campanha' });
  if (!isIsoDay(values.dat_venda)) own.push({ erro: MSG_VENDA.dataInvalida, campo: 'dat_venda' });
  const valor = readValor(values.valor_venda);
  const chave = values.id_venda === 0 ? readChave(values, ctx) : null;
  // Issue 53: a sale that names no buyer goes with nobody, no CPF and no QR code: only its key.
  const semComprador = values.sem_comprador && action === 'salvar';
  const raw: VendaBody = {
    id_campanha: values.id_campanha,
    id_estabelecimento: values.id_estabelecimento,
    id_usuario: action === 'qrcode' || semComprador ? -1 : values.id_usuario,
    dat_venda: values.dat_venda,
    numero_venda: values.numero_venda.trim(),
    valor_venda: valor.ok ? valor.value : 0,
    id_vendedor: values.id_vendedor,
    qrcode: action === 'qrcode',
    // Issue 40: a CPF without an account: the sale waits for it.
    ...(action === 'salvar' && !semComprador && values.id_usuario < 0 && values.cpf
      ? { cpf: values.cpf }
      : {}),
    ...(chave?.ok && chave.chave ? { chave_nfce: chave.chave } : {}),
  };
  const checked = withRefusals(own, checkWithContract(VendaBody, raw, SALE_FIELDS));
  // The body as built goes (the server reads it with the same schema), not the parsed output.
  return checked.ok ? { ok: true, body: raw } : checked;
}
