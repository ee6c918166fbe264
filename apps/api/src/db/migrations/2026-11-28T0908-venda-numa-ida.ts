import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * New sales in one round trip on PostgreSQL (issue 38, docs/decisions/044-postgresql-sales-in-one-statement.md).
 *
 * 1. `registrar_vendas(jsonb)`: the writes of new sales of campaigns without limits (or pending
 *    ones), given as an array of what the service computed (values, points, the audit text
 *    with an empty `cupons_emitidos` last). The server calls it as one statement outside any
 *    transaction, with the sales of one campaign that waited together, so the rows every sale of
 *    a campaign and shop shares are taken once for all of them and held for no round trip:
 *    1. each sale's row, in a block of its own: a refused one (a duplicate number) answers its
 *       SQLSTATE, constraint and message and leaves the others;
 *    2. the dashboard totals' rows (`totais_vendas`) of the sales with a recipient, in key order;
 *    3. the balances, by consumer and campaign, each sale after the one before it: the ledger's
 *       rules for one positive move (modules/coupons/service.ts `applyMoves`): no move when the
 *       sale earns no points, one live coupon per whole point;
 *    4. each campaign's counter (`campanhas.proximo_cupom`) once, by campaign, the numbers to
 *       the sales in their order, then the coupons;
 *    5. the audit entries, each with the numbers its sale issued;
 *    6. the coupons on the totals' rows.
 *    That is decision 005's lock order (totals rows, balances, counters), the one every other
 *    ledger write follows. The transaction commits with `synchronous_commit` off, so the rows
 *    are free before the WAL flush; the server waits for the flush before answering.
 *    Answers one row per sale, in order: its id, the balance after it (null when no move), the
 *    first number and the coupon ids in number order, or the error.
 * 2. The insert triggers of `totais_vendas` (on `vendas` and `cupons`, migration
 *    totais-do-painel) get a WHEN that skips them while `praca.totais_pela_venda` is 'on' in the
 *    transaction, which only the function sets, around its own inserts. Every other write keeps
 *    them as they were.
 *
 * SQLite: nothing (one writer, whose group commit already batches the sales).
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const SKIP = `current_setting('praca.totais_pela_venda', true) is distinct from 'on'`;

const TRIGGERS = [
  { name: 'totais_vendas_venda_ai', table: 'vendas', fn: 'totais_vendas_por_venda' },
  { name: 'totais_vendas_cupom_ai', table: 'cupons', fn: 'totais_vendas_por_cupom' },
];

const FUNCTION = `create function registrar_vendas(p_vendas jsonb)
  returns table (ordem integer, id_venda integer, pontos_e6 bigint, primeiro bigint, cupons integer[],
    erro text, restricao text, mensagem text)
  language plpgsql as $$
  declare
    n integer := jsonb_array_length(p_vendas);
    s jsonb;
    j integer;
    g record;
    base bigint;
    ids integer[] := array_fill(null::integer, array[n]);
    usr integer[] := array_fill(null::integer, array[n]);
    camp integer[] := array_fill(null::integer, array[n]);
    pts bigint[] := array_fill(null::bigint, array[n]);
    saldo bigint[] := array_fill(null::bigint, array[n]);
    ks integer[] := array_fill(0, array[n]);
    firsts bigint[] := array_fill(null::bigint, array[n]);
    errs text[] := array_fill(null::text, array[n]);
    cons text[] := array_fill(null::text, array[n]);
    msgs text[] := array_fill(null::text, array[n]);
    v_emitidos integer;
    v_id integer;
    v_saldo bigint;
    v_erro text;
    v_restricao text;
    v_mensagem text;
  begin
    -- The COMMIT as the statement ends releases the rows without waiting for its WAL flush; the
    -- server waits for that flush before answering (sales/repository.ts registerSalesOnce).
    perform set_config('synchronous_commit', 'off', true);
    perform set_config('praca.totais_pela_venda', 'on', true);

    -- 1. The sales, each on its own: a refused one (a duplicate number) leaves the others.
    for j in 1..n loop
      s := p_vendas -> (j - 1);
      begin
        insert into vendas as v (id_campanha, id_estabelecimento, id_usuario, id_vendedor, dat_venda,
            numero_venda, valor_centavos, pontos_e6, cashback_e6, qr_token_hash, qr_expira_em, criado_por,
            criado_em, atualizado_em)
          values ((s->>'id_campanha')::integer, (s->>'id_estabelecimento')::integer,
            (s->>'id_usuario')::integer, (s->>'id_vendedor')::integer, s->>'dat_venda', s->>'numero_venda',
            (s->>'valor_centavos')::integer, (s->>'pontos_e6')::bigint, (s->>'cashback_e6')::bigint,
            s->>'qr_token_hash', s->>'qr_expira_em', (s->>'criado_por')::integer, s->>'at', s->>'at')
          returning v.id_venda into v_id;
        ids[j] := v_id;
        usr[j] := (s->>'id_usuario')::integer;
        camp[j] := (s->>'id_campanha')::integer;
        pts[j] := (s->>'pontos_e6')::bigint;
      exception when others then
        get stacked diagnostics v_erro = returned_sqlstate, v_restricao = constraint_name, v_mensagem = message_text;
        errs[j] := v_erro;
        cons[j] := v_restricao;
        msgs[j] := v_mensagem;
      end;
    end loop;

    -- 2. The dashboard's rows of the sales with a recipient, in key order (decision 005's lock
    --    order: totals, balances, counters).
    insert into totais_vendas as t (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
      select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4), count(*), sum(v.valor_centavos), 0
        from vendas v where v.id_venda = any(ids) and v.id_usuario is not null
       group by 1, 2, 3 order by 1, 2, 3
      on conflict (id_campanha, id_estabelecimento, ano) do update
        set vendas = t.vendas + excluded.vendas, centavos = t.centavos + excluded.centavos;

    -- 3. The balances, by consumer and campaign, each sale after the one before it.
    for j in select x.j from generate_series(1, n) x(j)
              where ids[x.j] is not null and usr[x.j] is not null and pts[x.j] <> 0
              order by usr[x.j], camp[x.j], x.j loop
      insert into saldos as b (id_usuario, id_campanha, pontos_e6, cupons)
        values (usr[j], camp[j], pts[j], 0)
        on conflict (id_usuario, id_campanha) do update set pontos_e6 = b.pontos_e6 + excluded.pontos_e6
        returning b.pontos_e6, b.cupons into v_saldo, v_emitidos;
      saldo[j] := v_saldo;
      if saldo[j] < 0 then
        raise exception 'saldo negativo para %:%', usr[j], camp[j];
      end if;
      ks[j] := saldo[j] / 1000000 - v_emitidos;
      if ks[j] < 0 then
        raise exception 'cupons de %:% não conferem', usr[j], camp[j];
      elsif ks[j] > 0 then
        update saldos b set cupons = saldo[j] / 1000000 where b.id_usuario = usr[j] and b.id_campanha = camp[j];
      end if;
    end loop;

    -- 4. Each campaign's counter once, by campaign; the numbers go to the sales in their order.
    for g in select c.id, sum(ks[x.j])::integer as k from generate_series(1, n) x(j), lateral (select camp[x.j] as id) c
              where ks[x.j] > 0 group by c.id order by c.id loop
      update campanhas c set proximo_cupom = c.proximo_cupom + g.k where c.id_campanha = g.id
        returning c.proximo_cupom - g.k into base;
      for j in 1..n loop
        if camp[j] = g.id and ks[j] > 0 then
          firsts[j] := base;
          base := base + ks[j];
        end if;
      end loop;
    end loop;
    insert into cupons (id_campanha, numero, id_usuario, id_venda, id_estabelecimento, dat_emissao)
      select camp[x.j], firsts[x.j] + k.i, usr[x.j], ids[x.j], (p_vendas -> (x.j - 1) ->> 'id_estabelecimento')::integer,
          p_vendas -> (x.j - 1) ->> 'at'
        from generate_series(1, n) x(j), generate_series(0, ks[x.j] - 1) k(i)
       where ks[x.j] > 0
       order by x.j, k.i;
    perform set_config('praca.totais_pela_venda', '', true);

    -- 5. The audit entries, with the numbers each sale issued.
    insert into auditoria (id_usuario, cod_cidade, acao, entidade, id_entidade, antes, depois, ip)
      select a.autor, (select u.cod_cidade from usuarios u where u.id_usuario = a.autor), 'criar', 'venda',
          ids[x.j]::text, null,
          case when ks[x.j] > 0
            then left(a.depois, -2) || array_to_string(
              array(select firsts[x.j] + k.i from generate_series(0, ks[x.j] - 1) k(i)), ',') || ']}'
            else a.depois end,
          a.ip
        from generate_series(1, n) x(j),
          lateral (select (p_vendas -> (x.j - 1) ->> 'criado_por')::integer as autor,
                          p_vendas -> (x.j - 1) ->> 'depois' as depois,
                          p_vendas -> (x.j - 1) ->> 'ip' as ip) a
       where ids[x.j] is not null
       order by x.j;

    -- 6. The coupons on the dashboard's rows, already held since step 2.
    update totais_vendas t set cupons = t.cupons + d.k
      from (select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, sum(ks[x.j]) as k
              from generate_series(1, n) x(j) join vendas v on v.id_venda = ids[x.j]
             where ks[x.j] > 0 group by 1, 2, 3) d
     where t.id_campanha = d.id_campanha and t.id_estabelecimento = d.id_estabelecimento and t.ano = d.ano;

    return query
      select x.j, ids[x.j], saldo[x.j], firsts[x.j],
          (select array_agg(k.id_cupom order by k.numero) from cupons k where k.id_venda = ids[x.j]),
          errs[x.j], cons[x.j], msgs[x.j]
        from generate_series(1, n) x(j) order by x.j;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const t of TRIGGERS) {
    await sql.raw(`drop trigger ${t.name} on ${t.table}`).execute(db);
    await sql
      .raw(
        `create trigger ${t.name} after insert on ${t.table}
         referencing new table as novas for each statement when (${SKIP}) execute function ${t.fn}()`,
      )
      .execute(db);
  }
  await sql.raw(FUNCTION).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists registrar_vendas`.execute(db);
  for (const t of TRIGGERS) {
    await sql.raw(`drop trigger ${t.name} on ${t.table}`).execute(db);
    await sql
      .raw(
        `create trigger ${t.name} after insert on ${t.table}
         referencing new table as novas for each statement execute function ${t.fn}()`,
      )
      .execute(db);
  }
}
