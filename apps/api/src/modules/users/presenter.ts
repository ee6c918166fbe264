import { maskPhone, type ClienteBusca } from '@praca/contract';

/** A customer a partner's search finds: the id, the name and the WhatsApp masked but for its last 4 digits. */
export const presentCustomer = (r: { id_usuario: number; nome: string; whatsup: string }): ClienteBusca => ({
  id_usuario: r.id_usuario,
  nome: r.nome,
  whatsup: maskPhone(r.whatsup),
});
