import type { AuthUser, LoginDoor } from './types.js';

/** A rule about the caller; routes declare one with `app.requireUser(rule)`. */
export type Rule = (user: AuthUser) => boolean;

export const isConsumer: Rule = () => true;
export const isAdmin: Rule = (u) => u.admin || u.superadmin;
export const isSuperadmin: Rule = (u) => u.superadmin;

interface RoleFlags {
  parceiro: boolean;
  admin: boolean;
  superadmin: boolean;
}

/** Each login door lets in only its role (domain §3); anyone may use the consumer one. */
export function mayUseDoor(door: LoginDoor, flags: RoleFlags): boolean {
  if (door === 'parceiro') return flags.parceiro;
  if (door === 'admin') return flags.admin || flags.superadmin;
  return true;
}
