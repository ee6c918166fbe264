import { AvisoBody, addDays, type AvisoAdmin, type AvisoDados } from '@praca/contract';
import { isIsoDay, typedDayRefusal } from '@/components/date-input';
import { askForCity, checkWithContract, type ContractCheck } from '@/components/editor/contract-check';
import { todayIso } from '@/lib/today';

/** A new notice is valid for 30 days from today. */
const NOTICE_DEFAULT_DAYS = 30;

export interface NoticeFormValues {
  title: string;
  /** Simple HTML; the server sanitises it. */
  body: string;
  /** The stored image path ('' none). */
  image: string;
  /** YYYY-MM-DD, or the text being typed while it is no real day (DateInput). */
  validade: string;
}

export function newNoticeValues(today = todayIso()): NoticeFormValues {
  return { title: '', body: '', image: '', validade: addDays(today, NOTICE_DEFAULT_DAYS) };
}

export function noticeValues(aviso: AvisoAdmin): NoticeFormValues {
  return {
    title: aviso.title,
    body: aviso.body,
    image: aviso.image,
    validade: aviso.validade.slice(0, 10),
  };
}

export type NoticeField = keyof NoticeFormValues;

const FIELDS: readonly NoticeField[] = ['title', 'body', 'image', 'validade'];

/**
 * The body of POST and PATCH, checked with the contract's schema before any call (the first
 * refusal is the answer). A new notice goes to the admin city; an edited one keeps its own.
 */
export function toAvisoBody(
  values: NoticeFormValues,
  { codCidade }: { codCidade?: number },
): ContractCheck<AvisoDados, NoticeField> {
  const raw: AvisoBody = {
    ...(codCidade !== undefined ? { cod_cidade: codCidade } : {}),
    title: values.title,
    body: values.body,
    image: values.image,
    validade: values.validade,
  };
  return checkWithContract(
    AvisoBody,
    raw,
    FIELDS,
    (issue) => askForCity(issue) ?? typedDayRefusal(issue, values, ['validade']),
  );
}

/**
 * A validity that has already passed: the notice would be saved but shown to nobody (notices
 * show while `validade` is today or later, domain §8), so the editor asks first (issue 35).
 */
export const isExpired = (validade: string, today = todayIso()): boolean =>
  isIsoDay(validade) && validade < today;
