import { useSyncExternalStore } from 'react';
import { NO_CITY } from '@praca/contract/plain';
import { getSession, subscribeSession, useSession } from './session';

/**
 * The city that admin lists use (spec §6): the super-admin picks it in the top navigation;
 * any other admin always works on the city of their own session.
 */
const KEY = 'praca.cidade_admin';
const listeners = new Set<() => void>();

function readChoice(): string {
  try {
    return localStorage.getItem(KEY) ?? NO_CITY;
  } catch {
    return NO_CITY;
  }
}

let choice: string | undefined;

function getChoice(): string {
  if (choice === undefined) choice = readChoice();
  return choice;
}

export function setAdminCity(codCidade: string): void {
  choice = codCidade;
  try {
    if (codCidade === NO_CITY) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, codCidade);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeSession = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeSession();
  };
}

/** The admin city as the `cod_cidade` string of the select ('000000' = none chosen). */
function getAdminCity(): string {
  const session = getSession();
  if (!session) return NO_CITY;
  if (!session.superadmin) return session.cod_cidade ? String(session.cod_cidade) : NO_CITY;
  const chosen = getChoice();
  if (chosen !== NO_CITY) return chosen;
  return session.cod_cidade ? String(session.cod_cidade) : NO_CITY;
}

/** `[codCidade, canChoose]`: only the super-admin may change the city. */
export function useAdminCity(): [string, boolean] {
  const session = useSession();
  const city = useSyncExternalStore(subscribe, getAdminCity, () => NO_CITY);
  return [city, Boolean(session?.superadmin)];
}
