import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashIsOutdated, hashPassword, verifyPassword } from '../src/lib/crypto.js';
import { createUser } from './factories.js';
import { useTestApp } from './helper.js';

/**
 * Issue 38: argon2id at 12 MiB × 3 passes × 1 lane (docs/performance.md, "The rush hour"); a
 * hash of another setting still verifies, and a login rehashes it to today's.
 */
describe('password hashes', () => {
  const t = useTestApp();

  it('hashes at 12 MiB, 3 passes, one lane; tells an older setting apart', async () => {
    const today = await hashPassword('a'.repeat(64));
    expect(today).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(hashIsOutdated(today)).toBe(false);
    const older = await hash('a'.repeat(64), { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(hashIsOutdated(older)).toBe(true);
    expect(hashIsOutdated('not a hash')).toBe(true);
    expect(await verifyPassword(older, 'a'.repeat(64))).toBe(true);
    expect(await verifyPassword(older, 'b'.repeat(64))).toBe(false);
  });

  it('a login with an older hash succeeds and stores one of today’s setting; the password still works', async () => {
    const ana = await createUser(t.db);
    const older = await hash(ana.senha, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await t.db
      .updateTable('usuarios')
      .set({ senha_hash: older })
      .where('id_usuario', '=', ana.id_usuario)
      .execute();
    const login = () =>
      t.app.inject({ method: 'POST', url: '/v1/login', payload: { email: ana.email, senha: ana.senha } });
    expect((await login()).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('usuarios')
      .select('senha_hash')
      .where('id_usuario', '=', ana.id_usuario)
      .executeTakeFirstOrThrow();
    expect(row.senha_hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect((await login()).statusCode).toBe(200);
  });
});
