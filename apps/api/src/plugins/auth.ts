import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MSG, PREFIXO_CHAVE } from '@praca/contract';
import { HttpError } from '../lib/errors.js';
import type { PersonCounter } from '../modules/shared/rate-limiter.js';
import type { Rule } from '../modules/auth/policy.js';
import { authenticate } from '../modules/auth/service.js';
import type { AuthUser } from '../modules/auth/types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireUser()` on the routes that need a session. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: 401 without a live session, 403 when `rule` says no, 429 when the
     * person used up `limit` (counted per person in the database, before the body is read).
     */
    requireUser(rule?: Rule, limit?: PersonCounter, keys?: KeyDoor): onRequestAsyncHookHandler;
  }
}

/**
 * A route that also lets API keys in (issue 39): how a key is authenticated and its requests
 * counted (429 past the key's limit). Routes without it answer 401 to a key.
 */
export interface KeyDoor {
  authenticate(token: string): Promise<AuthUser | null>;
  take(idChave: number): Promise<unknown>;
}

function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9._~+/=_-]{1,200})\s*$/i.exec(header ?? '');
  return m ? m[1] : null;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorate(
    'requireUser',
    (rule?: Rule, limit?: PersonCounter, keys?: KeyDoor): onRequestAsyncHookHandler => {
      return async (req) => {
        const token = bearerToken(req.headers.authorization);
        const key = keys && token?.startsWith(PREFIXO_CHAVE) ? await keys.authenticate(token) : null;
        const user = key ?? (token ? await authenticate(app.db, token) : null);
        if (!user) throw new HttpError(401, MSG.naoAutenticado);
        req.user = user;
        if (rule && !rule(user)) throw new HttpError(403, MSG.semPermissao);
        if (user.chave) await keys?.take(user.chave.id);
        else await limit?.take(user.id);
      };
    },
  );
}

/** The caller of a route guarded by `app.requireUser()`. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new HttpError(401, MSG.naoAutenticado);
  return req.user;
}
