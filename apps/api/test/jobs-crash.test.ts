import { describe, expect, it } from 'vitest';
import { bearer, createUser, sessionFor } from './factories.js';
import { dialect, useTestApp } from './helper.js';
import { startPushService } from './push-service.js';
import { exited, startServer } from './server-process.js';

/**
 * Durable background work (issue 38, decision 043): the real server, as its own process, fans
 * a notification out to 10,000 subscriptions of a local push service and is killed with
 * SIGKILL in the middle. A second server picks the batches up where they stopped (the killed
 * jobs' lease, or pg-boss's heartbeat, runs out). Every subscription then has exactly one
 * message of the notification's topic; raw repeats are only the messages in flight at the
 * kill, which carry that topic, so a push service still holding the first one replaces it.
 */
const t = useTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
const SUBS = 10_000;
const env = { PUSH_ALLOW_LOOPBACK: 'true', PUBLIC_URL: 'https://praca.example' };

describe(`fan-out through a SIGKILL (${dialect})`, () => {
  it('every one of 10,000 subscriptions gets the message once, after a kill mid-way and a restart', async () => {
    // This process's own worker stays out: only the child servers send.
    await t.app.jobs.stop();
    const push = await startPushService();
    push.delayMs = 3;
    try {
      const admin = await createUser(t.db, { admin: true });
      const token = await sessionFor(t.db, admin.id_usuario);
      const subs = Array.from({ length: SUBS }, () => push.subscribe());
      const at = new Date().toISOString();
      for (let i = 0; i < SUBS; i += 500) {
        await t.db
          .insertInto('push_assinaturas')
          .values(
            subs.slice(i, i + 500).map((s) => ({
              id_usuario: admin.id_usuario,
              endpoint: s.endpoint,
              p256dh: s.keys.p256dh,
              auth: s.keys.auth,
              atualizado_em: at,
              device: '',
              os_version: '',
              ip: '',
              ies_promocao: 'S' as const,
              ies_live: 'S' as const,
              ies_sorteio: 'S' as const,
            })),
          )
          .execute();
      }

      const first = await startServer(t, env);
      const res = await fetch(`${first.url}/v1/adm/notificacao?p=I`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify({ title: 'Feira', body: 'Sábado na praça', cod_cidade: admin.cod_cidade }),
      });
      expect(res.status).toBe(202);
      const answer = (await res.json()) as { id_notificacao: number; pendentes: number };
      expect(answer.pendentes).toBe(SUBS);

      // Killed once a good part, not all, went out.
      for (let i = 0; i < 600 && push.requests() < SUBS * 0.3; i++)
        await new Promise((r) => setTimeout(r, 50));
      first.child.kill('SIGKILL');
      await exited(first.child);
      const atKill = push.requests();
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(SUBS);

      const second = await startServer(t, env);
      try {
        const pending = () =>
          t.db
            .selectFrom('notificacao_envios')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('id_notificacao', '=', answer.id_notificacao)
            .where('situacao', '=', 'pendente')
            .executeTakeFirstOrThrow();
        for (let i = 0; i < 1200 && Number((await pending()).n) > 0; i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(Number((await pending()).n)).toBe(0);

        const progress = await fetch(`${second.url}/v1/adm/notificacoes?cod_cidade=${admin.cod_cidade}`, {
          headers: bearer(token),
        });
        expect(await progress.json()).toMatchObject([
          { id_notificacao: answer.id_notificacao, total: SUBS, enviadas: SUBS, falhas: 0, pendentes: 0 },
        ]);
      } finally {
        second.child.kill('SIGTERM');
        await exited(second.child);
      }

      const topic = `notificacao-${answer.id_notificacao}`;
      let repeats = 0;
      for (const s of subs) {
        const got = push.received(s);
        expect(got.length, s.endpoint).toBeGreaterThanOrEqual(1);
        // One message per topic: what the subscriber ends up with.
        expect(new Set(got.map((r) => r.topic))).toEqual(new Set([topic]));
        repeats += got.length - 1;
      }
      // Only what was in flight at the kill (4 jobs × 16 requests) may have gone twice.
      expect(repeats).toBeLessThanOrEqual(64);
      expect(push.problems).toEqual([]);
    } finally {
      await push.close();
    }
  }, 240_000);
});
