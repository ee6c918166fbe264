import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * The dashboard's charts (issue 39, docs/decisions/047-dashboard-charts.md).
 *
 * 1. `totais_vendas_dia`: the running totals of migration totais-do-painel (counted sales: live,
 *    with a recipient; their cents; their live coupons) per campaign, day of the sale
 *    (`dat_venda`) and shop, instead of per campaign, shop and year. Sales per day and the top
 *    shops of a period read these rows (a few per shop and day) instead of every sale and
 *    coupon: at city scale the aggregate over `vendas` took 6 to 18 s. Keyed as
 *    `totais_vendas` is, by campaign and shop, so concurrent sales of different shops never wait
 *    for one another on it; its key starts with the campaign and the day, so a period of a
 *    campaign is one range of the primary key.
 * 2. Triggers on `vendas` and `cupons` keep it right whoever writes, with the same rules as the
 *    totals' (a row's contribution added when it starts to count, taken away with the values
 *    it had when it stops or moves). They are triggers of their own, not the totals': the sale
 *    path on PostgreSQL (`registrar_vendas`, migration venda-numa-ida) sets the totals'
 *    triggers aside and writes `totais_vendas` itself, while these stay on for every write.
 * 3. A backfill from the existing rows (`backfillDaySql`, also run by the bench generator).
 * 4. `usuarios_novos_idx` (cod_cidade, criado_em) of the consumers (not partners nor admins):
 *    the new people of a week are one count over a range of it.
 *
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const COLS = 'id_campanha, dia, id_estabelecimento, vendas, centavos, cupons';
const KEY = 'id_campanha, dia, id_estabelecimento';
const ADD = (what: string[]) =>
  `on conflict (${KEY}) do update set ` +
  what.map((c) => `${c} = totais_vendas_dia.${c} + excluded.${c}`).join(', ');
const ADD_ALL = ADD(['vendas', 'centavos', 'cupons']);

const counted = (v: string) => `${v}.excluida_em is null and ${v}.id_usuario is not null`;
const liveCoupons = (v: string) =>
  `(select count(*) from cupons k where k.id_venda = ${v}.id_venda and k.anulado_em is null)`;

/** The day totals from the rows, into an empty `totais_vendas_dia` (see totais-do-painel's backfill). */
export function backfillDaySql(pg: boolean): string {
  const noIndex = pg ? '' : '+';
  const from = `from vendas v left join (
      select id_venda, count(*) as n from cupons where ${noIndex}anulado_em is null group by id_venda
    ) k on k.id_venda = v.id_venda
    where ${noIndex}v.excluida_em is null and ${noIndex}v.id_usuario is not null`;
  return pg
    ? `insert into totais_vendas_dia (${COLS})
       select v.id_campanha, v.dat_venda, v.id_estabelecimento, count(*), sum(v.valor_centavos),
         coalesce(sum(k.n), 0)
       ${from}
       group by v.id_campanha, v.dat_venda, v.id_estabelecimento`
    : `insert into totais_vendas_dia (${COLS})
       select v.id_campanha, v.dat_venda, v.id_estabelecimento, 1, v.valor_centavos, coalesce(k.n, 0)
       ${from}
       ${ADD_ALL}`;
}

// --- SQLite: row triggers ----------------------------------------------------------------------

function sqliteSale(v: 'new' | 'old', sign: 1 | -1): string {
  return `insert into totais_vendas_dia (${COLS})
    select ${v}.id_campanha, ${v}.dat_venda, ${v}.id_estabelecimento, ${sign},
      ${sign} * ${v}.valor_centavos, ${sign} * ${liveCoupons(v)}
    where ${counted(v)}
    ${ADD_ALL};`;
}

function sqliteCoupon(k: 'new' | 'old', sign: 1 | -1): string {
  return `insert into totais_vendas_dia (${COLS})
    select v.id_campanha, v.dat_venda, v.id_estabelecimento, 0, 0, ${sign}
    from vendas v where v.id_venda = ${k}.id_venda and ${counted('v')} and ${k}.anulado_em is null
    ${ADD(['cupons'])};`;
}

const SQLITE_TRIGGERS = [
  `create trigger totais_dia_venda_ai after insert on vendas
   when ${counted('new')}
   begin ${sqliteSale('new', 1)} end`,
  `create trigger totais_dia_venda_au
   after update of id_campanha, id_estabelecimento, id_usuario, dat_venda, valor_centavos, excluida_em on vendas
   when old.id_campanha is not new.id_campanha
     or old.id_estabelecimento is not new.id_estabelecimento
     or (old.id_usuario is null) <> (new.id_usuario is null)
     or old.dat_venda is not new.dat_venda
     or old.valor_centavos is not new.valor_centavos
     or (old.excluida_em is null) <> (new.excluida_em is null)
   begin ${sqliteSale('old', -1)} ${sqliteSale('new', 1)} end`,
  `create trigger totais_dia_venda_ad after delete on vendas
   when ${counted('old')}
   begin ${sqliteSale('old', -1)} end`,
  `create trigger totais_dia_cupom_ai after insert on cupons
   when new.anulado_em is null
   begin ${sqliteCoupon('new', 1)} end`,
  `create trigger totais_dia_cupom_au after update of id_venda, anulado_em on cupons
   when old.id_venda is not new.id_venda or (old.anulado_em is null) <> (new.anulado_em is null)
   begin ${sqliteCoupon('old', -1)} ${sqliteCoupon('new', 1)} end`,
  `create trigger totais_dia_cupom_ad after delete on cupons
   when old.anulado_em is null
   begin ${sqliteCoupon('old', -1)} end`,
];

// --- PostgreSQL: statement triggers with transition tables --------------------------------------

const pgSales = (rel: string, sign: 1 | -1) =>
  `select v.id_campanha, v.dat_venda as dia, v.id_estabelecimento, ${sign} as vendas,
     ${sign} * v.valor_centavos::bigint as centavos, ${sign} * ${liveCoupons('v')} as cupons
   from ${rel} v where ${counted('v')}`;

const pgCoupons = (rel: string, sign: 1 | -1) =>
  `select v.id_campanha, v.dat_venda as dia, v.id_estabelecimento, 0 as vendas,
     0::bigint as centavos, ${sign} * count(*) as cupons
   from ${rel} k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and ${counted('v')}
   group by v.id_campanha, v.dat_venda, v.id_estabelecimento`;

const pgApply = (parts: string[]) =>
  `insert into totais_vendas_dia (${COLS})
   select id_campanha, dia, id_estabelecimento, sum(vendas), sum(centavos), sum(cupons)
   from (${parts.join(' union all ')}) d
   group by id_campanha, dia, id_estabelecimento
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, dia, id_estabelecimento
   ${ADD_ALL};`;

const SALE_MOVED = `o.id_campanha <> n.id_campanha or o.id_estabelecimento <> n.id_estabelecimento
  or (o.id_usuario is null) <> (n.id_usuario is null)
  or o.dat_venda <> n.dat_venda
  or o.valor_centavos <> n.valor_centavos
  or (o.excluida_em is null) <> (n.excluida_em is null)`;
const COUPON_MOVED = `o.id_venda <> n.id_venda or (o.anulado_em is null) <> (n.anulado_em is null)`;

const PG_FUNCTIONS = [
  `create function totais_dia_por_venda() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       ${pgApply([pgSales('novas', 1)])}
     elsif tg_op = 'DELETE' then
       ${pgApply([pgSales('antigas', -1)])}
     else
       ${pgApply([
         pgSales(`(select o.* from antigas o join novas n on n.id_venda = o.id_venda where ${SALE_MOVED})`, -1),
         pgSales(`(select n.* from antigas o join novas n on n.id_venda = o.id_venda where ${SALE_MOVED})`, 1),
       ])}
     end if;
     return null;
   end $$`,
  `create function totais_dia_por_cupom() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       ${pgApply([pgCoupons('novas', 1)])}
     elsif tg_op = 'DELETE' then
       ${pgApply([pgCoupons('antigas', -1)])}
     else
       ${pgApply([
         pgCoupons(`(select o.* from antigas o join novas n on n.id_cupom = o.id_cupom where ${COUPON_MOVED})`, -1),
         pgCoupons(`(select n.* from antigas o join novas n on n.id_cupom = o.id_cupom where ${COUPON_MOVED})`, 1),
       ])}
     end if;
     return null;
   end $$`,
];

const PG_TRIGGERS = [
  `create trigger totais_dia_venda_ai after insert on vendas
   referencing new table as novas for each statement execute function totais_dia_por_venda()`,
  `create trigger totais_dia_venda_au after update on vendas
   referencing old table as antigas new table as novas for each statement execute function totais_dia_por_venda()`,
  `create trigger totais_dia_venda_ad after delete on vendas
   referencing old table as antigas for each statement execute function totais_dia_por_venda()`,
  `create trigger totais_dia_cupom_ai after insert on cupons
   referencing new table as novas for each statement execute function totais_dia_por_cupom()`,
  `create trigger totais_dia_cupom_au after update on cupons
   referencing old table as antigas new table as novas for each statement execute function totais_dia_por_cupom()`,
  `create trigger totais_dia_cupom_ad after delete on cupons
   referencing old table as antigas for each statement execute function totais_dia_por_cupom()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql
    .raw(
      `create table totais_vendas_dia (
         id_campanha integer not null,
         dia text not null,
         id_estabelecimento integer not null,
         vendas integer not null default 0,
         centavos bigint not null default 0,
         cupons integer not null default 0,
         constraint totais_vendas_dia_pk primary key (${KEY})
       )${pg ? '' : ' without rowid'}`,
    )
    .execute(db);
  await sql.raw(backfillDaySql(pg)).execute(db);
  if (pg) {
    for (const q of PG_FUNCTIONS) await sql.raw(q).execute(db);
    for (const q of PG_TRIGGERS) await sql.raw(q).execute(db);
  } else {
    for (const q of SQLITE_TRIGGERS) await sql.raw(q).execute(db);
  }
  await sql`create index usuarios_novos_idx on usuarios (cod_cidade, criado_em)
    where parceiro = 0 and admin = 0 and superadmin = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await sql`drop index if exists usuarios_novos_idx`.execute(db);
  for (const name of ['venda_ai', 'venda_au', 'venda_ad', 'cupom_ai', 'cupom_au', 'cupom_ad']) {
    const table = name.startsWith('venda') ? 'vendas' : 'cupons';
    await sql.raw(`drop trigger if exists totais_dia_${name}${pg ? ` on ${table}` : ''}`).execute(db);
  }
  if (pg) {
    await sql`drop function if exists totais_dia_por_venda()`.execute(db);
    await sql`drop function if exists totais_dia_por_cupom()`.execute(db);
  }
  await sql`drop table if exists totais_vendas_dia`.execute(db);
}
