-- cupons_devidos(pontos_e6), version 1: the live coupons a balance carries, one per whole point
-- (modules/coupons/ledger.ts `couponsDue`, whose SQL twin this is: test/ledger-sql.property.test.ts
-- fails when they differ). Integer division truncates toward zero, which is the floor for the
-- balances it is given (never negative). Immutable and one expression, so the planner inlines it
-- into the queries that call it (registrar_vendas): it costs nothing per row.
-- Written once and never edited: a new rule is cupons_devidos.v2.sql and a migration that loads it.
CREATE OR REPLACE FUNCTION public.cupons_devidos(pontos_e6 bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select pontos_e6 / 1000000 $function$
