import { queryOptions, useQuery } from '@tanstack/react-query';
import { FaixaSorteio, parseCouponCode } from '@praca/contract';
import { client } from '@/lib/api-client';

/** A campaign's issued coupons as stored numbers, first and last (both inclusive). */
export interface CouponRange {
  min: number;
  max: number;
}

/** GET /v1/adm/sorteio/{id_campanha}/faixa: the campaign's issued coupons, first and last by code. */
async function getFaixaSorteio(idCampanha: number, signal?: AbortSignal): Promise<FaixaSorteio> {
  const res = await client.GET('/v1/adm/sorteio/{id_campanha}/faixa', {
    params: { path: { id_campanha: idCampanha } },
    signal,
  });
  return FaixaSorteio.parse(res.data);
}

/** The range as numbers, or null when the campaign has no coupons (or a code does not read). */
function couponRange(faixa: FaixaSorteio | undefined): CouponRange | null {
  const min = faixa?.primeiro ? parseCouponCode(faixa.primeiro) : null;
  const max = faixa?.ultimo ? parseCouponCode(faixa.ultimo) : null;
  return min !== null && max !== null && min <= max ? { min, max } : null;
}

const faixaSorteioQueryOptions = (idCampanha: number) =>
  queryOptions({
    queryKey: ['sorteios', 'faixa', idCampanha],
    queryFn: ({ signal }) => getFaixaSorteio(idCampanha, signal),
    enabled: idCampanha > 0,
    staleTime: 30_000,
    select: couponRange,
  });

/** The chosen campaign's coupon range for the draw's rolling display (none: no campaign chosen). */
export function useFaixaSorteio(idCampanha: number) {
  return useQuery(faixaSorteioQueryOptions(idCampanha));
}
