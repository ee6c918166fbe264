import type { Kysely } from 'kysely';
import type { EventoWebhook } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { eventsOf } from './presenter.js';
import * as repo from './repository.js';

/** Where an event happened: its city and, for a shop's event, the shop. */
export interface EventScope {
  cod_cidade: number;
  id_estabelecimento: number | null;
}

interface Hook {
  id_webhook: number;
  id_estabelecimento: number | null;
  eventos: ReadonlySet<string>;
}

/**
 * Each instance keeps the live hooks of a city in memory, loaded on the first event of the city
 * and dropped whenever the city cache is invalidated (here or, through its PostgreSQL bus, on
 * another instance): an event where nobody listens costs a Map lookup, no query.
 */
export class WebhookDirectory {
  private readonly byCity = new Map<number, Promise<Hook[]>>();

  constructor(private readonly db: Kysely<Database>) {}

  forget(codCidade: number | null): void {
    if (codCidade === null) this.byCity.clear();
    else this.byCity.delete(codCidade);
  }

  /** `db`: where to load from — inside a transaction its own (SQLite has one connection). */
  private hooksOf(codCidade: number, db: Kysely<Database>): Promise<Hook[]> {
    let hooks = this.byCity.get(codCidade);
    if (!hooks) {
      hooks = repo
        .liveHooksOfCity(db, codCidade)
        .then((rows) => rows.map((r) => ({ ...r, eventos: new Set<string>(eventsOf(r.eventos)) })));
      hooks.catch(() => this.byCity.delete(codCidade));
      this.byCity.set(codCidade, hooks);
    }
    return hooks;
  }

  /** The hooks an event reaches: the city's own (no shop) and the event's shop's. */
  async matching(evento: EventoWebhook, scope: EventScope, db = this.db): Promise<number[]> {
    const hooks = await this.hooksOf(scope.cod_cidade, db);
    if (hooks.length === 0) return [];
    return hooks
      .filter(
        (h) =>
          h.eventos.has(evento) &&
          (h.id_estabelecimento === null || h.id_estabelecimento === scope.id_estabelecimento),
      )
      .map((h) => h.id_webhook);
  }
}
