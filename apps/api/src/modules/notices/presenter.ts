import type { AvisoAdmin, AvisoPublico } from '@praca/contract';
import { sanitizeHtml } from '../../lib/html.js';
import type { NoticeRow, NoticeValues } from './admin-repository.js';

/** A notice as the admin screens read it, field by field. */
export const presentNotice = (a: NoticeRow): AvisoAdmin => ({
  id_aviso: a.id_aviso,
  cod_cidade: a.cod_cidade,
  type: a.type,
  title: a.title,
  body: a.body,
  image: a.image,
  validade: a.validade,
});

/** A notice as consumers read it: the body sanitised again on the way out, whatever was stored. */
export const presentPublicNotice = (a: NoticeRow): AvisoPublico => ({
  ...presentNotice(a),
  body: sanitizeHtml(a.body),
});

/** What the audit log keeps of a notice: its stored fields. */
export const noticeSnapshot = (a: NoticeRow | NoticeValues): NoticeValues => ({
  cod_cidade: a.cod_cidade,
  type: a.type,
  title: a.title,
  body: a.body,
  image: a.image,
  validade: a.validade,
});
