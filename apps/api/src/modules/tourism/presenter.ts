import type { TurismoItem } from '@praca/contract';
import type { Selectable } from 'kysely';
import type { TurismoTable } from '../../db/types.js';

export type TourismRow = Omit<Selectable<TurismoTable>, 'criado_em' | 'atualizado_em'>;

/** The stored fields a tourism item shows (criado_em/atualizado_em left out). */
export const tourismColumns = [
  'id_turismo',
  'cod_cidade',
  'tipo',
  'descricao',
  'url_foto',
  'url_site',
  'ind_ativo',
  'latitude',
  'longitude',
  'validade_ate',
] as const;

/**
 * A tourism item, field by field. The validity goes out under both names: `validade_ate` and
 * the spec's wire name `validadeate` (spec §3); null means it never expires.
 */
export const presentTourismItem = (r: TourismRow): TurismoItem => ({
  id_turismo: r.id_turismo,
  descricao: r.descricao,
  url_foto: r.url_foto,
  url_site: r.url_site,
  ind_ativo: r.ind_ativo,
  tipo: r.tipo,
  cod_cidade: r.cod_cidade,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  validade_ate: r.validade_ate,
  validadeate: r.validade_ate,
});

/** What the audit log keeps of a tourism item: its stored fields, coordinates as numbers. */
export const tourismSnapshot = (r: TourismRow): Omit<TourismRow, 'id_turismo'> => ({
  cod_cidade: r.cod_cidade,
  tipo: r.tipo,
  descricao: r.descricao,
  url_foto: r.url_foto,
  url_site: r.url_site,
  ind_ativo: r.ind_ativo,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  validade_ate: r.validade_ate,
});
