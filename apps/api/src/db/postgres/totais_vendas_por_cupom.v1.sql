-- totais_vendas_por_cupom(), version 1: the statement trigger of `cupons` that keeps the coupons of
-- `totais_vendas` for every write but registrar_vendas's, which writes those totals itself. The
-- text migration totais-do-painel rendered and installed, kept here so that a change to it is a
-- totais_vendas_por_cupom.v2.sql and a migration that loads it (functions.ts). The dashboard
-- totals' rule it keeps is stated in modules/coupons/ledger.ts (`totalsDelta`);
-- test/ledger-sql.property.test.ts compares the tables with it. Written once and never edited.
CREATE OR REPLACE FUNCTION public.totais_vendas_por_cupom()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
   begin
     if tg_op = 'INSERT' then
       insert into totais_vendas (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
   select id_campanha, id_estabelecimento, ano, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, 0 as vendas,
     0::bigint as centavos, 1 * count(*) as cupons
   from novas k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4)) d
   group by id_campanha, id_estabelecimento, ano
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, id_estabelecimento, ano
   on conflict (id_campanha, id_estabelecimento, ano) do update set vendas = totais_vendas.vendas + excluded.vendas, centavos = totais_vendas.centavos + excluded.centavos, cupons = totais_vendas.cupons + excluded.cupons;
     elsif tg_op = 'DELETE' then
       insert into totais_vendas (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
   select id_campanha, id_estabelecimento, ano, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, 0 as vendas,
     0::bigint as centavos, -1 * count(*) as cupons
   from antigas k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4)) d
   group by id_campanha, id_estabelecimento, ano
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, id_estabelecimento, ano
   on conflict (id_campanha, id_estabelecimento, ano) do update set vendas = totais_vendas.vendas + excluded.vendas, centavos = totais_vendas.centavos + excluded.centavos, cupons = totais_vendas.cupons + excluded.cupons;
     else
       insert into totais_vendas (id_campanha, id_estabelecimento, ano, vendas, centavos, cupons)
   select id_campanha, id_estabelecimento, ano, sum(vendas), sum(centavos), sum(cupons)
   from (select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, 0 as vendas,
     0::bigint as centavos, -1 * count(*) as cupons
   from (select o.* from antigas o join novas n on n.id_cupom = o.id_cupom
             where o.id_venda <> n.id_venda or (o.anulado_em is null) <> (n.anulado_em is null)) k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) union all select v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4) as ano, 0 as vendas,
     0::bigint as centavos, 1 * count(*) as cupons
   from (select n.* from antigas o join novas n on n.id_cupom = o.id_cupom
             where o.id_venda <> n.id_venda or (o.anulado_em is null) <> (n.anulado_em is null)) k join vendas v on v.id_venda = k.id_venda
   where k.anulado_em is null and v.excluida_em is null and v.id_usuario is not null
   group by v.id_campanha, v.id_estabelecimento, substr(v.dat_venda, 1, 4)) d
   group by id_campanha, id_estabelecimento, ano
   having sum(vendas) <> 0 or sum(centavos) <> 0 or sum(cupons) <> 0
   order by id_campanha, id_estabelecimento, ano
   on conflict (id_campanha, id_estabelecimento, ano) do update set vendas = totais_vendas.vendas + excluded.vendas, centavos = totais_vendas.centavos + excluded.centavos, cupons = totais_vendas.cupons + excluded.cupons;
     end if;
     return null;
   end $function$
