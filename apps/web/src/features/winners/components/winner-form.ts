import { typedDayRefusal } from '@/components/date-input';
import {
  checkWithContract,
  withRefusals,
  type ContractCheck,
  type ContractRefusal,
} from '@/components/editor/contract-check';
import {
  ContempladoBody,
  DEFAULT_SELLER_ID,
  DEFAULT_SELLER_NAME,
  MSG_SORTEIO,
  WINNER_PHOTOS_MAX,
  formatCouponCode,
  parseCouponCode,
  type ContempladoAdmin,
  type ContempladoDados,
} from '@praca/contract';
import { winnerPhotos } from './winner-photos';

/** The winner dialog's fields as the inputs hold them. */
export interface WinnerFormValues {
  /** '' = none chosen. */
  id_campanha: string;
  /** The coupon as the person types it, série-número ('000-00034'); '' = none. */
  cupom: string;
  nome_sorteado: string;
  /** YYYY-MM-DD, or the text being typed while it is no real day (DateInput). */
  data_sorteio: string;
  /** '' = none. */
  id_estabelecimento: string;
  /** −1 = no participant. */
  id_usuario: number;
  /** The chosen participant's name, for the search field. */
  nome_usuario: string;
  /** 99 = 'Sem Vendedor'. */
  id_vendedor: number;
  nome_vendedor: string;
  /** One entry per photo field, in order; '' is a field without a picture yet. */
  fotos: string[];
}

export type WinnerField = 'id_campanha' | 'id_sorteio' | 'nome_sorteado' | 'data_sorteio' | 'fotos';

const FIELDS: readonly WinnerField[] = [
  'id_campanha',
  'id_sorteio',
  'nome_sorteado',
  'data_sorteio',
  'fotos',
];

export function newWinnerValues(today: string): WinnerFormValues {
  return {
    id_campanha: '',
    cupom: '',
    nome_sorteado: '',
    data_sorteio: today,
    id_estabelecimento: '',
    id_usuario: -1,
    nome_usuario: '',
    id_vendedor: DEFAULT_SELLER_ID,
    nome_vendedor: DEFAULT_SELLER_NAME,
    fotos: [],
  };
}

/** The form of an existing winner (its photos from both lists, without repeats). */
export function winnerValues(c: ContempladoAdmin): WinnerFormValues {
  const seller = c.id_vendedor > 0 ? c.id_vendedor : DEFAULT_SELLER_ID;
  return {
    id_campanha: c.id_campanha > 0 ? String(c.id_campanha) : '',
    cupom: c.id_sorteio && c.id_sorteio > 0 ? formatCouponCode(c.id_sorteio) : '',
    nome_sorteado: c.nome_sorteado,
    data_sorteio: c.data_sorteio.slice(0, 10),
    id_estabelecimento: c.id_estabelecimento && c.id_estabelecimento > 0 ? String(c.id_estabelecimento) : '',
    id_usuario: c.id_usuario && c.id_usuario > 0 ? c.id_usuario : -1,
    nome_usuario: c.nome,
    id_vendedor: seller,
    nome_vendedor:
      seller === DEFAULT_SELLER_ID ? DEFAULT_SELLER_NAME : c.nome_vendedor || c.nom_vendedor || '',
    fotos: winnerPhotos(c).slice(0, WINNER_PHOTOS_MAX),
  };
}

/**
 * A coupon code as it is typed: digits and one dash, série before it (up to 6 digits), número
 * after (up to 5). Digits typed without a dash get it after the third, so '00000034' reads
 * '000-00034' as the coupon shows it.
 */
export function couponInput(text: string): string {
  const clean = text.replace(/[^\d-]/g, '');
  const dash = clean.indexOf('-');
  if (dash < 0) {
    return clean.length > 3 ? `${clean.slice(0, 3)}-${clean.slice(3, 8)}` : clean;
  }
  const serie = clean.slice(0, dash).slice(0, 6);
  const numero = clean
    .slice(dash + 1)
    .replace(/-/g, '')
    .slice(0, 5);
  return `${serie}-${numero}`;
}

/** Whether the winner comes from a coupon: anything typed in the coupon field. */
export const byCoupon = (values: Pick<WinnerFormValues, 'cupom'> | null | undefined): boolean =>
  Boolean(values?.cupom.trim());

/**
 * The POST/PATCH body, checked with the contract's schema (the first problem's message, as the
 * server would answer it). With a coupon the participant and the shop come from it, so they
 * are not sent; photo fields without a picture are left out.
 */
export function toContempladoBody(
  values: WinnerFormValues,
  idSorteado: number,
): ContractCheck<ContempladoDados, WinnerField> {
  const own: ContractRefusal<WinnerField>[] = [];
  if (!values.id_campanha || !(Number(values.id_campanha) > 0)) {
    own.push({ erro: MSG_SORTEIO.campanhaObrigatoria, campo: 'id_campanha' });
  }
  const porCupom = byCoupon(values);
  const numero = porCupom ? parseCouponCode(values.cupom) : null;
  if (porCupom && numero === null) {
    own.push({ erro: MSG_SORTEIO.cupomInvalido, campo: 'id_sorteio' });
  }
  const raw: ContempladoBody = {
    id_sorteado: idSorteado,
    id_campanha: Number(values.id_campanha),
    id_sorteio: numero,
    ...(porCupom
      ? {}
      : {
          id_usuario: values.id_usuario > 0 ? values.id_usuario : null,
          id_estabelecimento:
            Number(values.id_estabelecimento) > 0 ? Number(values.id_estabelecimento) : null,
        }),
    nome_sorteado: values.nome_sorteado,
    data_sorteio: values.data_sorteio,
    id_vendedor: values.id_vendedor > 0 ? values.id_vendedor : DEFAULT_SELLER_ID,
    nome_vendedor: values.id_vendedor === DEFAULT_SELLER_ID ? DEFAULT_SELLER_NAME : values.nome_vendedor,
    fotos: values.fotos.map((f) => f.trim()).filter(Boolean),
  };
  return withRefusals(
    own,
    checkWithContract(ContempladoBody, raw, FIELDS, (issue) =>
      typedDayRefusal(issue, values, ['data_sorteio']),
    ),
  );
}
