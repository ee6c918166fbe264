-- totais_vendas_por_venda(), version 1: the statement trigger of `vendas` that keeps
-- `totais_vendas` (per campaign, shop and year) for every write but registrar_vendas's, which
-- writes those totals itself. The text migration totais-do-painel rendered and installed, kept here
-- so that a change to it is a totais_vendas_por_venda.v2.sql and a migration that loads it
-- (functions.ts). The dashboard totals' rule it keeps is stated in modules/coupons/ledger.ts
-- (`totalsDelta`); test/ledger-sql.property.test.ts compares the tables with it. Written once and
-- never edited.
CREATE OR REPLACE FUNCTION public.totais_vendas_por_venda()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
   begin
     if tg_op = 'INSERT' then
       insert into totais_vendas (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
   select id_campanha, id_estabelecimento, ano, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, 1 as vendas,
     1 * v.valor_centavos::bigint as centavos, 1 * (select count(*) from cupons k where k.id_venda = v.id_venda and k.anulado_em is null) as cupons
   from novas v where v.excluida_em is null and v.id_usuario is not null) d
   group by id_campanha, id_estabelecimento, ano
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, id_estabelecimento, ano
   on conflict (id_campanha, id_estabelecimento, ano) do update set vendas = totais_vendas.vendas + excluded.vendas, centavos = totais_vendas.centavos + excluded.centavos, cupons = totais_vendas.cupons + excluded.cupons;
     elsif tg_op = 'DELETE' then
       insert into totais_vendas (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
   select id_campanha, id_estabelecimento, ano, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, -1 as vendas,
     -1 * v.valor_centavos::bigint as centavos, -1 * (select count(*) from cupons k where k.id_venda = v.id_venda and k.anulado_em is null) as cupons
   from antigas v where v.excluida_em is null and v.id_usuario is not null) d
   group by id_campanha, id_estabelecimento, ano
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, id_estabelecimento, ano
   on conflict (id_campanha, id_estabelecimento, ano) do update set vendas = totais_vendas.vendas + excluded.vendas, centavos = totais_vendas.centavos + excluded.centavos, cupons = totais_vendas.cupons + excluded.cupons;
     else
       insert into totais_vendas (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
   select id_campanha, id_estabelecimento, ano, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, -1 as vendas,
     -1 * v.valor_centavos::bigint as centavos, -1 * (select count(*) from cupons k where k.id_venda = v.id_venda and k.anulado_em is null) as cupons
   from (select o.* from antigas o join novas n on n.id_venda = o.id_venda
             where o.id_campanha <> n.id_campanha or o.id_estabelecimento <> n.id_estabelecimento
               or (o.id_usuario is null) <> (n.id_usuario is null)
               or substr(o.dat_venda, 1, 4) <> substr(n.dat_venda, 1, 4)
               or o.valor_centavos <> n.valor_centavos
               or (o.excluida_em is null) <> (n.excluida_em is null)) v where v.excluida_em is null and v.id_usuario is not null union all select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, 1 as vendas,
     1 * v.valor_centavos::bigint as centavos, 1 * (select count(*) from cupons k where k.id_venda = v.id_venda and k.anulado_em is null) as cupons
   from (select n.* from antigas o join novas n on n.id_venda = o.id_venda
             where o.id_campanha <> n.id_campanha or o.id_estabelecimento <> n.id_estabelecimento
               or (o.id_usuario is null) <> (n.id_usuario is null)
               or substr(o.dat_venda, 1, 4) <> substr(n.dat_venda, 1, 4)
               or o.valor_centavos <> n.valor_centavos
               or (o.excluida_em is null) <> (n.excluida_em is null)) v where v.excluida_em is null and v.id_usuario is not null) d
   group by id_campanha, id_estabelecimento, ano
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, id_estabelecimento, ano
   on conflict (id_campanha, id_estabelecimento, ano) do update set vendas = totais_vendas.vendas + excluded.vendas, centavos = totais_vendas.centavos + excluded.centavos, cupons = totais_vendas.cupons + excluded.cupons;
     end if;
     return null;
   end $function$
