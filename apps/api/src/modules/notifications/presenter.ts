import type { NotificacaoUsuario } from '@praca/contract';
import type { MessageRow } from './repository.js';

/** A message of a person's inbox, field by field. */
export const presentMessage = (m: MessageRow): NotificacaoUsuario => ({
  id_message: m.id_message,
  id_notificacao: m.id_notificacao,
  type: m.type,
  title: m.title,
  body: m.body,
  image: m.image,
  dat_recece: m.dat_recece,
  lida: m.lida_em === null ? 'N' : 'S',
});
