import v8 from 'node:v8';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG_PRONTIDAO } from '@praca/contract';
import type { Config } from '../config.js';
import { errorBody } from './error-handler.js';

/** How loaded the process is, for readiness (`carga`): null when no threshold is set. */
export type Load = () => { overloaded: boolean; detail: string } | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 54: whether the server is overloaded (plugins/overload.ts). */
    load: Load;
  }
}

/**
 * A route that answers under overload all the same (`config` of its options): `/health`, the
 * liveness an orchestrator restarts a process by, and `/health/pronto`, which says `carga` itself.
 */
export const answersUnderPressure = { pressureHandler: () => undefined };

/** How often the event loop's delay and the heap are sampled. */
const SAMPLE_MS = 1000;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Issue 54: shedding load (@fastify/under-pressure). Every second it samples the event loop's
 * mean delay and the heap in use; past OVERLOAD_EVENT_LOOP_DELAY_MS or OVERLOAD_HEAP_USED_PCT of
 * V8's heap limit, each request (but the health routes') gets 503 with `Retry-After` and the
 * Portuguese `{erro}`, until a sample is back under both. Readiness reads `app.load` and turns
 * 503 too, so a balancer sends the work elsewhere while liveness stays 200: an orchestrator must
 * not kill an instance for being busy.
 */
export async function registerOverload(app: FastifyInstance, config: Config): Promise<void> {
  const maxEventLoopDelay = config.OVERLOAD_EVENT_LOOP_DELAY_MS;
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  const maxHeapUsedBytes = Math.round((heapLimit * config.OVERLOAD_HEAP_USED_PCT) / 100);
  if (maxEventLoopDelay === 0 && maxHeapUsedBytes === 0) {
    app.decorate('load', (() => null) as Load);
    return;
  }
  const retryAfter = config.OVERLOAD_RETRY_AFTER_S;
  // The start's own work (the routes' schemas, the job queue, the first queries) holds the event
  // loop for a while, and the samples taken meanwhile would read as overload: the first requests
  // after a start got 503. Pressure counts from two samples after the app is ready.
  let armed = false;
  app.addHook('onReady', async () => {
    setTimeout(() => (armed = true), 2 * SAMPLE_MS).unref();
  });
  // under-pressure sends what the handler returns (its type says void): the 503 in our shape.
  const shed = (req: FastifyRequest, reply: FastifyReply) => {
    if (!armed) return undefined;
    void reply.code(503).header('retry-after', String(retryAfter));
    return errorBody(req.url, config.BASE_PATH, MSG_PRONTIDAO.servidorSobrecarregado);
  };
  await app.register(underPressure, {
    sampleInterval: SAMPLE_MS,
    maxEventLoopDelay,
    maxHeapUsedBytes,
    retryAfter,
    pressureHandler: shed as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
  app.decorate('load', (() => {
    const m = app.memoryUsage();
    const detail =
      `atraso médio do laço de eventos ${Math.round(m.eventLoopDelay)} ms` +
      (maxEventLoopDelay ? ` (limite ${maxEventLoopDelay} ms)` : '') +
      `; heap ${mb(m.heapUsed)}` +
      (maxHeapUsedBytes ? ` (limite ${mb(maxHeapUsedBytes)})` : '');
    return { overloaded: armed && app.isUnderPressure(), detail };
  }) as Load);
}
