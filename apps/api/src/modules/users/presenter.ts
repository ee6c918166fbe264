import type { ClienteBusca } from '@praca/contract';

/** A customer a partner's search finds: the id, the name and the WhatsApp number only. */
export const presentCustomer = (r: { id_usuario: number; nome: string; whatsup: string }): ClienteBusca => ({
  id_usuario: r.id_usuario,
  nome: r.nome,
  whatsup: r.whatsup,
});
