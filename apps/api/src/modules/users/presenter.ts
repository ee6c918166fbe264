import type { ClienteBusca } from '@praca/contract';
import { maskPhone, partnerName } from '@praca/contract/plain';

/**
 * Issue 52: how a person is named to a caller. Admins see the name as it is; partners (and
 * their API keys) as the customer search shows it: `Maria S.` (`partnerName`), a one-word name
 * as it is, an entity's account by the entity's name. The sales screen's answers name
 * recipients the same way (modules/sales/presenter.ts).
 */
export type Nomes = 'completos' | 'parceiro';

/** The names a caller sees (`Nomes`): a partner's and a key's masked, an admin's whole. */
export const namesFor = (u: { admin: boolean; superadmin: boolean }): Nomes =>
  u.admin || u.superadmin ? 'completos' : 'parceiro';

/** A person's name as `nomes` shows it; `entidade`: the entity whose account it is, if any. */
export function personName(nome: string, entidade: string | null | undefined, nomes: Nomes): string {
  if (nomes === 'completos') return nome;
  return entidade ?? partnerName(nome);
}

/**
 * A customer a search finds: the id, the name as the caller sees it (`personName`) and the
 * WhatsApp masked but for its last 4 digits.
 */
export const presentCustomer = (
  r: { id_usuario: number; nome: string; whatsup: string; entidade?: string | null },
  nomes: Nomes,
): ClienteBusca => ({
  id_usuario: r.id_usuario,
  nome: personName(r.nome, r.entidade, nomes),
  whatsup: maskPhone(r.whatsup),
});
