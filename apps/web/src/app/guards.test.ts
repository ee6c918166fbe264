import { describe, expect, it } from 'vitest';
import { loginWithNext, safeNextPath } from './guards';

describe('safeNextPath', () => {
  it.each(['/perfil', '/remocaousuario?code=abc', '/meu/extrato?x=1#y', '/'])(
    'keeps the app path %s',
    (p) => {
      expect(safeNextPath(p)).toBe(p);
    },
  );

  it.each([
    null,
    undefined,
    '',
    'perfil',
    '//evil.com',
    '//evil.com/perfil',
    '/\\evil.com',
    '/\\/evil.com',
    'https://evil.com/perfil',
    'http:/evil.com',
    'javascript:alert(1)',
    '/per\nfil',
    '/per\tfil',
    '/login',
    '/login?next=%2Fperfil',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (p) => {
    expect(safeNextPath(p)).toBeNull();
  });
});

describe('loginWithNext', () => {
  it('adds next for a consumer page, with its query', () => {
    expect(loginWithNext('usuario', '/remocaousuario?code=abc')).toBe(
      '/login?next=%2Fremocaousuario%3Fcode%3Dabc',
    );
  });

  it('adds nothing for the home page, nor for partner and admin logins', () => {
    expect(loginWithNext('usuario', '/')).toBe('/login');
    expect(loginWithNext('parceiro', '/parceiro/vender')).toBe('/parceiro/login');
    expect(loginWithNext('admin', '/admin/home')).toBe('/admin/login');
  });
});
