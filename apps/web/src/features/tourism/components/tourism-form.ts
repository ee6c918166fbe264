import { typedDayRefusal } from '@/components/date-input';
import { checkWithContract, type ContractCheck } from '@/components/editor/contract-check';
import { TurismoBody, type TurismoDados, type TurismoItem } from '@praca/contract';

/** What the tourism dialog edits, as typed (coordinates and date as text). */
export interface TourismFormValues {
  descricao: string;
  /** '0'–'4' (spec §3: Locais, Hoteis, Alimentação, Eventos, Uteis). */
  tipo: string;
  url_foto: string;
  url_site: string;
  ind_ativo: 'S' | 'N';
  /** Degrees as typed, with a dot or a comma; '' = none. */
  latitude: string;
  longitude: string;
  /** `YYYY-MM-DD`; '' = never expires; the text being typed while it is no real day (DateInput). */
  validadeate: string;
}

export type TourismField = keyof TourismFormValues;

export const newTourismValues = (tipo = 0): TourismFormValues => ({
  descricao: '',
  tipo: String(tipo),
  url_foto: '',
  url_site: '',
  ind_ativo: 'S',
  latitude: '',
  longitude: '',
  validadeate: '',
});

export function tourismValues(item: TurismoItem): TourismFormValues {
  const validade = item.validadeate ?? item.validade_ate;
  return {
    descricao: item.descricao,
    tipo: String(item.tipo),
    url_foto: item.url_foto,
    url_site: item.url_site,
    ind_ativo: item.ind_ativo === 'N' ? 'N' : 'S',
    latitude: item.latitude === null ? '' : String(item.latitude),
    longitude: item.longitude === null ? '' : String(item.longitude),
    validadeate: validade ? validade.slice(0, 10) : '',
  };
}

const FIELDS = Object.keys(newTourismValues()) as TourismField[];

/**
 * The body of POST/PATCH /v1/adm/turismo, checked with the contract's TurismoBody first:
 * coordinates as numbers (or null), the validity as `validadeate` (null: no expiry). A
 * refusal answers the first issue's message and its field.
 */
export function toTurismoBody(
  values: TourismFormValues,
  { idTurismo, codCidade }: { idTurismo: number; codCidade: number },
): ContractCheck<TurismoDados, TourismField> {
  const raw = {
    id_turismo: idTurismo,
    cod_cidade: codCidade,
    ...values,
    latitude: values.latitude.trim(),
    longitude: values.longitude.trim(),
  };
  return checkWithContract(TurismoBody, raw, FIELDS, (issue) =>
    typedDayRefusal(issue, values, ['validadeate']),
  );
}
