import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * Running totals for the admin dashboard (docs/decisions/015-dashboard-totals.md).
 *
 * 1. `totais_vendas`: per campaign, shop and year of the sale (`substr(dat_venda, 1, 4)`), the
 *    counted sales (live, `excluida_em` null, with a recipient, `id_usuario` not null), their
 *    total in cents and the live (`anulado_em` null) coupons of those sales. The dashboard of a
 *    city sums the rows of the city's campaigns (a few per shop) instead of every sale and
 *    coupon. Keyed by campaign rather than city, so a campaign moved to another city, or a
 *    shop renamed, needs no upkeep: the reader joins `campanhas` and `estabelecimentos`.
 *    One row per campaign, shop and year: concurrent sales of different shops never wait for
 *    one another on it. Rows are never deleted; a group whose count falls to 0 stays at 0 and
 *    the reader skips it.
 * 2. Triggers on `vendas` and `cupons` keep it right whoever writes (sales register, edit,
 *    delete, QR claim, coupon voids and moves, seeds, tests writing rows directly). A row's
 *    contribution is added when it starts to count and taken away, with the values it had,
 *    when it stops or moves (another campaign, shop, year, value). A sale's coupons are counted
 *    from `cupons` when the sale starts or stops counting (`cupons_venda_idx`); a coupon finds
 *    its sale by primary key. SQLite: row triggers whose `when` skips irrelevant writes.
 *    PostgreSQL: statement triggers with transition tables, so a statement writing many rows
 *    (500 coupons of a big sale, a bulk load) makes one grouped upsert, taking the row locks in
 *    key order.
 * 3. A backfill from the existing rows (`backfillSql`, also run by the bench generator, which
 *    loads sales and coupons with these triggers set aside and restores them afterwards).
 *
 * Plus `vendas_loja_lista_idx`: a shop's live sales by campaign and date, for the partner's
 * sales list (its count and its first page, newest first).
 * Written once and never edited.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const COLS = 'id_campanha, id_estabelecimento, ano, vendas, centavos, cupons';
const KEY = 'id_campanha, id_estabelecimento, ano';
const ADD = (what: string[]) =>
  `on conflict (${KEY}) do update set ` +
  what.map((c) => `${c} = totais_vendas.${c} + excluded.${c}`).join(', ');
const ADD_ALL = ADD(['vendas', 'centavos', 'cupons']);

/** A sale counts on the dashboard: live and given to someone (a pending QR does not). */
const counted = (v: string) => `${v}.excluida_em is null and ${v}.id_usuario is not null`;
const liveCoupons = (v: string) =>
  `(select count(*) from cupons k where k.id_venda = ${v}.id_venda and k.anulado_em is null)`;

/**
 * The totals from the rows, into an empty `totais_vendas`: one pass over the sales with the
 * live coupons of each (grouped by `id_venda` along `cupons_venda_idx`). PostgreSQL groups
 * (hash aggregates). SQLite adds sale by sale with the upsert instead: a plain scan of `vendas`
 * (the unary `+`, SQLite only, keeps its planner off the indexes, whose random reads cost more than they
 * save here) with a B-tree lookup in the small totals table per sale, which measured 3× faster
 * at city scale than sorting two million rows for a GROUP BY.
 */
export function backfillSql(pg: boolean): string {
  const noIndex = pg ? '' : '+';
  const from = `from vendas v left join (
      select id_venda, count(*) as n from cupons where ${noIndex}anulado_em is null group by id_venda
    ) k on k.id_venda = v.id_venda
    where ${noIndex}v.excluida_em is null and ${noIndex}v.id_usuario is not null`;
  return pg
    ? `insert into totais_vendas (${COLS})
       select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4), count(*),
         sum(v.valor_centavos), coalesce(sum(k.n), 0)
       ${from}
       group by v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4)`
    : `insert into totais_vendas (${COLS})
       select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4), 1, v.valor_centavos,
         coalesce(k.n, 0)
       ${from}
       ${ADD_ALL}`;
}

// --- SQLite: row triggers ----------------------------------------------------------------------

/** Adds (`sign` 1) or takes away (-1) the contribution of sale row `v` (`new` or `old`). */
function sqliteSale(v: 'new' | 'old', sign: 1 | -1): string {
  return `insert into totais_vendas (${COLS})
    select ${v}.id_campanha, ${v}.id_estabelecimento, substr(${v}.dat_venda, 1, 4), ${sign},
      ${sign} * ${v}.valor_centavos, ${sign} * ${liveCoupons(v)}
    where ${counted(v)}
    ${ADD_ALL};`;
}

/** Adds or takes away coupon row `k` (`new` or `old`), when live, to the totals of its sale. */
function sqliteCoupon(k: 'new' | 'old', sign: 1 | -1): string {
  return `insert into totais_vendas (${COLS})
    select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4), 0, 0, ${sign}
    from vendas v where v.id_venda = ${k}.id_venda and ${counted('v')} and ${k}.anulado_em is null
    ${ADD(['cupons'])};`;
}

const SQLITE_TRIGGERS = [
  `create trigger totais_vendas_venda_ai after insert on vendas
   when ${counted('new')}
   begin ${sqliteSale('new', 1)} end`,
  `create trigger totais_vendas_venda_au
   after update of id_campanha, id_estabelecimento, id_usuario, dat_venda, valor_centavos, excluida_em on vendas
   when old.id_campanha is not new.id_campanha
     or old.id_estabelecimento is not new.id_estabelecimento
     or (old.id_usuario is null) <> (new.id_usuario is null)
     or substr(old.dat_venda, 1, 4) is not substr(new.dat_venda, 1, 4)
     or old.valor_centavos is not new.valor_centavos
     or (old.excluida_em is null) <> (new.excluida_em is null)
   begin ${sqliteSale('old', -1)} ${sqliteSale('new', 1)} end`,
  `create trigger totais_vendas_venda_ad after delete on vendas
   when ${counted('old')}
   begin ${sqliteSale('old', -1)} end`,
  `create trigger totais_vendas_cupom_ai after insert on cupons
   when new.anulado_em is null
   begin ${sqliteCoupon('new', 1)} end`,
  `create trigger totais_vendas_cupom_au after update of id_venda, anulado_em on cupons
   when old.id_venda is not new.id_venda or (old.anulado_em is null) <> (new.anulado_em is null)
   begin ${sqliteCoupon('old', -1)} ${sqliteCoupon('new', 1)} end`,
  `create trigger totais_vendas_cupom_ad after delete on cupons
   when old.anulado_em is null
   begin ${sqliteCoupon('old', -1)} end`,
];

// --- PostgreSQL: statement triggers with transition tables --------------------------------------

/** The contributions of the sale rows of transition table `rel`, times `sign`. */
const pgSales = (rel: string, sign: 1 | -1) =>
  `select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, ${sign} as vendas,
     ${sign} * v.valor_centavos::bigint as centavos, ${sign} * ${liveCoupons('v')} as cupons
   from ${rel} v where ${counted('v')}`;

/** The contributions of the live coupon rows of `rel` to their sales' totals, times `sign`. */
const pgCoupons = (rel: string, sign: 1 | -1) =>
  `select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, 0 as vendas,
     0::bigint as centavos, ${sign} * count(*) as cupons
   from ${rel} k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and ${counted('v')}
   group by v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4)`;

/** One grouped upsert of the given contributions, skipping groups that net to nothing. */
const pgApply = (parts: string[]) =>
  `insert into totais_vendas (${COLS})
   select id_campanha, id_estabelecimento, ano, sum(vendas), sum(centavos), sum(cupons)
   from (${parts.join(' union all ')}) d
   group by id_campanha, id_estabelecimento, ano
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, id_estabelecimento, ano
   ${ADD_ALL};`;

/**
 * On UPDATE only the rows whose counted fields changed take part (old and new side by side);
 * a draw marking a coupon, or an edit of a sale's seller, writes nothing.
 */
const PG_FUNCTIONS = [
  `create function totais_vendas_por_venda() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       ${pgApply([pgSales('novas', 1)])}
     elsif tg_op = 'DELETE' then
       ${pgApply([pgSales('antigas', -1)])}
     else
       ${pgApply([
         pgSales(
           `(select o.* from antigas o join novas n on n.id_venda = o.id_venda
             where o.id_campanha <> n.id_campanha or o.id_estabelecimento <> n.id_estabelecimento
               or (o.id_usuario is null) <> (n.id_usuario is null)
               or substr(o.dat_venda, 1, 4) <> substr(n.dat_venda, 1, 4)
               or o.valor_centavos <> n.valor_centavos
               or (o.excluida_em is null) <> (n.excluida_em is null))`,
           -1,
         ),
         pgSales(
           `(select n.* from antigas o join novas n on n.id_venda = o.id_venda
             where o.id_campanha <> n.id_campanha or o.id_estabelecimento <> n.id_estabelecimento
               or (o.id_usuario is null) <> (n.id_usuario is null)
               or substr(o.dat_venda, 1, 4) <> substr(n.dat_venda, 1, 4)
               or o.valor_centavos <> n.valor_centavos
               or (o.excluida_em is null) <> (n.excluida_em is null))`,
           1,
         ),
       ])}
     end if;
     return null;
   end $$`,
  `create function totais_vendas_por_cupom() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       ${pgApply([pgCoupons('novas', 1)])}
     elsif tg_op = 'DELETE' then
       ${pgApply([pgCoupons('antigas', -1)])}
     else
       ${pgApply([
         pgCoupons(
           `(select o.* from antigas o join novas n on n.id_cupom = o.id_cupom
             where o.id_venda <> n.id_venda or (o.anulado_em is null) <> (n.anulado_em is null))`,
           -1,
         ),
         pgCoupons(
           `(select n.* from antigas o join novas n on n.id_cupom = o.id_cupom
             where o.id_venda <> n.id_venda or (o.anulado_em is null) <> (n.anulado_em is null))`,
           1,
         ),
       ])}
     end if;
     return null;
   end $$`,
];

const PG_TRIGGERS = [
  `create trigger totais_vendas_venda_ai after insert on vendas
   referencing new table as novas for each statement execute function totais_vendas_por_venda()`,
  `create trigger totais_vendas_venda_au after update on vendas
   referencing old table as antigas new table as novas for each statement execute function totais_vendas_por_venda()`,
  `create trigger totais_vendas_venda_ad after delete on vendas
   referencing old table as antigas for each statement execute function totais_vendas_por_venda()`,
  `create trigger totais_vendas_cupom_ai after insert on cupons
   referencing new table as novas for each statement execute function totais_vendas_por_cupom()`,
  `create trigger totais_vendas_cupom_au after update on cupons
   referencing old table as antigas new table as novas for each statement execute function totais_vendas_por_cupom()`,
  `create trigger totais_vendas_cupom_ad after delete on cupons
   referencing old table as antigas for each statement execute function totais_vendas_por_cupom()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql
    .raw(
      `create table totais_vendas (
         id_campanha integer not null,
         id_estabelecimento integer not null,
         ano text not null,
         vendas integer not null default 0,
         centavos bigint not null default 0,
         cupons integer not null default 0,
         constraint totais_vendas_pk primary key (${KEY})
       )${pg ? '' : ' without rowid'}`,
    )
    .execute(db);
  await sql.raw(backfillSql(pg)).execute(db);
  if (pg) {
    for (const q of PG_FUNCTIONS) await sql.raw(q).execute(db);
    for (const q of PG_TRIGGERS) await sql.raw(q).execute(db);
  } else {
    for (const q of SQLITE_TRIGGERS) await sql.raw(q).execute(db);
  }

  await sql`create index vendas_loja_lista_idx
    on vendas (id_estabelecimento, id_campanha, dat_venda, id_venda)
    where excluida_em is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`drop index if exists vendas_loja_lista_idx`.execute(db);
  for (const name of ['venda_ai', 'venda_au', 'venda_ad', 'cupom_ai', 'cupom_au', 'cupom_ad']) {
    const table = name.startsWith('venda') ? 'vendas' : 'cupons';
    await sql.raw(`drop trigger if exists totais_vendas_${name}${pg ? ` on ${table}` : ''}`).execute(db);
  }
  if (pg) {
    await sql`drop function if exists totais_vendas_por_venda()`.execute(db);
    await sql`drop function if exists totais_vendas_por_cupom()`.execute(db);
  }
  await sql`drop table if exists totais_vendas`.execute(db);
}
