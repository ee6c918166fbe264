-- registrar_vendas(p_vendas jsonb), version 3: version 2 (migration vendas-em-conjunto, which
-- explains each step; version 1 is migration venda-numa-ida) with the coupons a balance carries
-- asked of cupons_devidos (cupons_devidos.v1.sql, the SQL twin of ledger.ts `couponsDue`) instead
-- of being worked out here. Same arguments, same answer, same rows, same lock order.
-- The text below the comments is what pg_get_functiondef answers for the installed function
-- (test/postgres-functions.test.ts compares them, whitespace aside).
-- Written once and never edited: a change is registrar_vendas.v4.sql and a migration that loads it.
CREATE OR REPLACE FUNCTION public.registrar_vendas(p_vendas jsonb)
 RETURNS TABLE(ordem integer, id_venda integer, pontos_e6 bigint, primeiro bigint, cupons integer[], erro text, restricao text, mensagem text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  declare
    n integer := jsonb_array_length(p_vendas);
    j integer;
    g record;
    r record;
    base bigint;
    ids integer[];
    usr integer[];
    camp integer[];
    loja integer[];
    dia text[];
    valor integer[];
    pts bigint[];
    autor integer[];
    quando text[];
    depois text[];
    ips text[];
    saldo bigint[] := array_fill(null::bigint, array[n]);
    ks integer[] := array_fill(0, array[n]);
    firsts bigint[] := array_fill(null::bigint, array[n]);
  begin
    -- The COMMIT as the statement ends releases the rows without waiting for its WAL flush; the
    -- server waits for that flush before answering (sales/repository.ts).
    perform set_config('synchronous_commit', 'off', true);
    perform set_config('praca.totais_pela_venda', 'on', true);

    -- 1. The sales, in the batch's order; a number already taken leaves that sale out.
    with s as (
      select x.*, e.o::integer as j,
          e.o = min(e.o) over (partition by x.id_estabelecimento, x.numero_venda) as primeiro_da_chave
        from jsonb_array_elements(p_vendas) with ordinality as e(v, o),
          lateral jsonb_to_record(e.v) as x(id_campanha integer, id_estabelecimento integer,
            id_usuario integer, id_vendedor integer, dat_venda text, numero_venda text, valor_centavos integer,
            pontos_e6 bigint, cashback_e6 bigint, qr_token_hash text, qr_expira_em text, criado_por integer,
            at text, depois text, ip text)
    ), ins as (
      insert into vendas as v (id_campanha, id_estabelecimento, id_usuario, id_vendedor, dat_venda,
          numero_venda, valor_centavos, pontos_e6, cashback_e6, qr_token_hash, qr_expira_em, criado_por,
          criado_em, atualizado_em)
        select s.id_campanha, s.id_estabelecimento, s.id_usuario, s.id_vendedor, s.dat_venda, s.numero_venda,
            s.valor_centavos, s.pontos_e6, s.cashback_e6, s.qr_token_hash, s.qr_expira_em, s.criado_por, s.at, s.at
          from s where s.primeiro_da_chave order by s.j
        on conflict (id_estabelecimento, numero_venda) where excluida_em is null do nothing
        returning v.id_venda, v.id_estabelecimento, v.numero_venda
    )
    select array_agg(i.id_venda order by s.j), array_agg(s.id_usuario order by s.j),
        array_agg(s.id_campanha order by s.j), array_agg(s.id_estabelecimento order by s.j),
        array_agg(s.dat_venda order by s.j), array_agg(s.valor_centavos order by s.j),
        array_agg(s.pontos_e6 order by s.j), array_agg(s.criado_por order by s.j), array_agg(s.at order by s.j),
        array_agg(s.depois order by s.j), array_agg(s.ip order by s.j)
      into ids, usr, camp, loja, dia, valor, pts, autor, quando, depois, ips
      from s left join ins i
        on s.primeiro_da_chave and i.id_estabelecimento = s.id_estabelecimento and i.numero_venda = s.numero_venda;

    -- 2. The dashboard's rows of the sales with a recipient, in key order (decision 005's lock
    --    order: totals, balances, counters).
    insert into totais_vendas as t (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
      select camp[x.j], loja[x.j], substr(dia[x.j], 1, 4), count(*), sum(valor[x.j]), 0
        from generate_series(1, n) x(j) where ids[x.j] is not null and usr[x.j] is not null
       group by 1, 2, 3 order by 1, 2, 3
      on conflict (id_campanha, id_estabelecimento, ano) do update
        set vendas = t.vendas + excluded.vendas, centavos = t.centavos + excluded.centavos;

    -- 3. The balances, each pair of consumer and campaign once, in key order; then each sale's
    --    balance after it, and its coupons, in the batch's order.
    for r in
      with d as (
        select usr[x.j] as u, camp[x.j] as c, sum(pts[x.j])::bigint as p
          from generate_series(1, n) x(j)
         where ids[x.j] is not null and usr[x.j] is not null and pts[x.j] <> 0
         group by 1, 2
      ), b as (
        insert into saldos as b (id_usuario, id_campanha, pontos_e6, cupons)
          select d.u, d.c, d.p, 0 from d order by d.u, d.c
          on conflict (id_usuario, id_campanha) do update set pontos_e6 = b.pontos_e6 + excluded.pontos_e6
          returning b.id_usuario, b.id_campanha, b.pontos_e6, b.cupons
      ), m as (
        select x.j, b.pontos_e6 - coalesce(sum(pts[x.j]) over w, 0)::bigint as bal, b.cupons as antes
          from generate_series(1, n) x(j)
          join b on b.id_usuario = usr[x.j] and b.id_campanha = camp[x.j]
         where ids[x.j] is not null and pts[x.j] <> 0
        window w as (partition by usr[x.j], camp[x.j] order by x.j rows between 1 following and unbounded following)
      )
      select m.j, m.bal,
          cupons_devidos(m.bal) - coalesce(lag(cupons_devidos(m.bal)) over (partition by usr[m.j], camp[m.j] order by m.j), m.antes) as k
        from m
    loop
      if r.bal < 0 then
        raise exception 'saldo negativo para %:%', usr[r.j], camp[r.j];
      elsif r.k < 0 then
        raise exception 'cupons de %:% não conferem', usr[r.j], camp[r.j];
      end if;
      saldo[r.j] := r.bal;
      ks[r.j] := r.k;
    end loop;
    update saldos b set cupons = d.k
      from (select usr[x.j] as u, camp[x.j] as c, max(cupons_devidos(saldo[x.j])) as k
              from generate_series(1, n) x(j) where ks[x.j] > 0 group by 1, 2) d
     where b.id_usuario = d.u and b.id_campanha = d.c;

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
      select camp[x.j], firsts[x.j] + k.i, usr[x.j], ids[x.j], loja[x.j], quando[x.j]
        from generate_series(1, n) x(j), generate_series(0, ks[x.j] - 1) k(i)
       where ks[x.j] > 0
       order by x.j, k.i;
    perform set_config('praca.totais_pela_venda', '', true);

    -- 5. The audit entries, with the numbers each sale issued.
    insert into auditoria (id_usuario, cod_cidade, acao, entidade, id_entidade, antes, depois, ip)
      select autor[x.j], (select u.cod_cidade from usuarios u where u.id_usuario = autor[x.j]), 'criar', 'venda',
          ids[x.j]::text, null,
          case when ks[x.j] > 0
            then left(depois[x.j], -2) || array_to_string(
              array(select firsts[x.j] + k.i from generate_series(0, ks[x.j] - 1) k(i)), ',') || ']}'
            else depois[x.j] end,
          ips[x.j]
        from generate_series(1, n) x(j)
       where ids[x.j] is not null
       order by x.j;

    -- 6. The coupons on the dashboard's rows, already held since step 2; row by row by key (a
    --    join's generic plan would scan the whole table).
    for g in select camp[x.j] as c, loja[x.j] as e, substr(dia[x.j], 1, 4) as ano, sum(ks[x.j])::integer as k
               from generate_series(1, n) x(j)
              where ks[x.j] > 0 group by 1, 2, 3 loop
      update totais_vendas t set cupons = t.cupons + g.k
       where t.id_campanha = g.c and t.id_estabelecimento = g.e and t.ano = g.ano;
    end loop;

    return query
      select x.j, ids[x.j], saldo[x.j], firsts[x.j],
          (select array_agg(k.id_cupom order by k.numero) from cupons k where k.id_venda = ids[x.j]),
          case when ids[x.j] is null then '23505' end,
          case when ids[x.j] is null then 'vendas_numero_uq' end,
          case when ids[x.j] is null then 'duplicate key value violates unique constraint "vendas_numero_uq"' end
        from generate_series(1, n) x(j) order by x.j;
  end $function$
