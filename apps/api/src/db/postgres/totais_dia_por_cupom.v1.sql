-- totais_dia_por_cupom(), version 1: the statement trigger of `cupons` that keeps the coupons of
-- `totais_vendas_dia` for every write, registrar_vendas's included. The text migration
-- painel-por-dia rendered and installed, kept here so that a change to it is a
-- totais_dia_por_cupom.v2.sql and a migration that loads it (functions.ts). The dashboard totals'
-- rule it keeps is stated in modules/coupons/ledger.ts (`totalsDelta`);
-- test/ledger-sql.property.test.ts compares the tables with it. Written once and never edited.
CREATE OR REPLACE FUNCTION public.totais_dia_por_cupom()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
   begin
     if tg_op = 'INSERT' then
       insert into totais_vendas_dia (id_campanha, dia, id_estabelecimento, vendas, centavos, cupons)
   select id_campanha, dia, id_estabelecimento, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.dat_venda as dia, v.id_estabelecimento, 0 as vendas,
     0::bigint as centavos, 1 * count(*) as cupons
   from novas k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.dat_venda, v.id_estabelecimento) d
   group by id_campanha, dia, id_estabelecimento
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, dia, id_estabelecimento
   on conflict (id_campanha, dia, id_estabelecimento) do update set vendas = totais_vendas_dia.vendas + excluded.vendas, centavos = totais_vendas_dia.centavos + excluded.centavos, cupons = totais_vendas_dia.cupons + excluded.cupons;
     elsif tg_op = 'DELETE' then
       insert into totais_vendas_dia (id_campanha, dia, id_estabelecimento, vendas, centavos, cupons)
   select id_campanha, dia, id_estabelecimento, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.dat_venda as dia, v.id_estabelecimento, 0 as vendas,
     0::bigint as centavos, -1 * count(*) as cupons
   from antigas k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.dat_venda, v.id_estabelecimento) d
   group by id_campanha, dia, id_estabelecimento
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, dia, id_estabelecimento
   on conflict (id_campanha, dia, id_estabelecimento) do update set vendas = totais_vendas_dia.vendas + excluded.vendas, centavos = totais_vendas_dia.centavos + excluded.centavos, cupons = totais_vendas_dia.cupons + excluded.cupons;
     else
       insert into totais_vendas_dia (id_campanha, dia, id_estabelecimento, vendas, centavos, cupons)
   select id_campanha, dia, id_estabelecimento, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.dat_venda as dia, v.id_estabelecimento, 0 as vendas,
     0::bigint as centavos, -1 * count(*) as cupons
   from (select o.* from antigas o join novas n on n.id_cupom = o.id_cupom where o.id_venda <> n.id_venda or (o.anulado_em is null) <> (n.anulado_em is null)) k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.dat_venda, v.id_estabelecimento union all select v.id_campanha, v.dat_venda as dia, v.id_estabelecimento, 0 as vendas,
     0::bigint as centavos, 1 * count(*) as cupons
   from (select n.* from antigas o join novas n on n.id_cupom = o.id_cupom where o.id_venda <> n.id_venda or (o.anulado_em is null) <> (n.anulado_em is null)) k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.dat_venda, v.id_estabelecimento) d
   group by id_campanha, dia, id_estabelecimento
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, dia, id_estabelecimento
   on conflict (id_campanha, dia, id_estabelecimento) do update set vendas = totais_vendas_dia.vendas + excluded.vendas, centavos = totais_vendas_dia.centavos + excluded.centavos, cupons = totais_vendas_dia.cupons + excluded.cupons;
     end if;
     return null;
   end $function$
