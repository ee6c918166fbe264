import { MSG_VENDA, SALE_MAX_VALUE, VendaBody } from '@praca/contract';

/** What the sale dialog edits (spec §3 Sale); `valor_venda` is null while the field is empty. */
export interface SaleFormValues {
  id_venda: number;
  id_campanha: number;
  id_estabelecimento: number;
  /** −1: no recipient chosen (spec §4: the dialog opens so). */
  id_usuario: number;
  dat_venda: string;
  numero_venda: string;
  valor_venda: number | null;
  id_vendedor: number;
}

/** Save sends the sale to a chosen customer; 'qrcode' leaves it pending for a QR hand-over. */
export type SaleAction = 'salvar' | 'qrcode';

/**
 * The client checks of spec §5 Sale, in the spec's order, before any call: number, value,
 * limit, then the recipient. The QR option runs the same checks, except that a chosen
 * recipient refuses it instead of being required. Returns the first message, or null.
 */
export function saleError(values: SaleFormValues, action: SaleAction): string | null {
  if (values.numero_venda.trim() === '') return MSG_VENDA.numeroInvalido;
  if (values.valor_venda === null || !Number.isFinite(values.valor_venda) || values.valor_venda <= 0) {
    return MSG_VENDA.valorInvalido;
  }
  if (values.valor_venda > SALE_MAX_VALUE) return MSG_VENDA.valorAcimaLimite;
  if (action === 'qrcode') {
    if (values.id_usuario >= 0) return MSG_VENDA.destinatarioJaDefinido;
  } else if (values.id_usuario < 0) {
    return MSG_VENDA.definaDestinatario;
  }
  return null;
}

/**
 * The request body, checked by the contract's own schema, so the browser refuses what the
 * server would (campaign, date) with the same Portuguese text. `{ erro }` when invalid.
 */
export function toVendaBody(
  values: SaleFormValues,
  action: SaleAction,
): { body: VendaBody } | { erro: string } {
  const body: VendaBody = {
    id_campanha: values.id_campanha,
    id_estabelecimento: values.id_estabelecimento,
    id_usuario: action === 'qrcode' ? -1 : values.id_usuario,
    dat_venda: values.dat_venda,
    numero_venda: values.numero_venda.trim(),
    valor_venda: values.valor_venda ?? 0,
    id_vendedor: values.id_vendedor,
    qrcode: action === 'qrcode',
  };
  if (!(values.id_campanha > 0)) return { erro: 'Escolha a campanha' };
  const parsed = VendaBody.safeParse(body);
  if (!parsed.success) return { erro: parsed.error.issues[0]?.message ?? 'Dados da venda inválidos' };
  return { body };
}
