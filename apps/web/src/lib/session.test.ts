import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  isAdmin,
  isLoggedIn,
  SESSION_KEY,
  setSession,
  toSession,
  USER_ID_KEY,
} from './session';

describe('session', () => {
  it('keeps the login answer in localStorage and the user id under its own key', () => {
    const s = toSession({ token: 't', id_usuario: 9, nome: 'Ana', admin: true, extra: 'ignored' });
    expect(s).not.toBeNull();
    setSession(s!);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toMatchObject({
      token: 't',
      nome: 'Ana',
      admin: true,
    });
    expect(localStorage.getItem(USER_ID_KEY)).toBe('9');
    expect(isLoggedIn(getSession())).toBe(true);
    expect(isAdmin(getSession())).toBe(true);

    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
  });

  it('is logged out without a token, and with a broken stored value', () => {
    expect(toSession({ token: '', nome: 'Ana' })).toBeNull();
    expect(toSession(null)).toBeNull();
    expect(isLoggedIn(null)).toBe(false);
  });

  it('fills missing flags with safe defaults', () => {
    expect(toSession({ token: 't' })).toEqual({
      token: 't',
      id_usuario: 0,
      nome: '',
      email: '',
      cod_cidade: 0,
      cidade: '',
      uf: '',
      parceiro: false,
      admin: false,
      superadmin: false,
      estabelecimentos: {},
    });
  });
});
