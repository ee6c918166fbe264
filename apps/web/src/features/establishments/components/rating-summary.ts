import type { AvaliacoesResposta } from '@praca/contract';
import { formatNumber } from '@/lib/format';

export interface StarShare {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** 0–100. */
  percent: number;
  /** pt-BR with 2 decimals (spec §9): '66,67%'. */
  label: string;
}

type Resumo = AvaliacoesResposta['resumo'];

const count = (r: Resumo, n: StarShare['stars']): number => r[`estrelas${n}`];

/** The distribution bars, 5 stars down to 1, each as a share of `nro_avaliacoes`. */
export function ratingDistribution(resumo: Resumo): StarShare[] {
  const total = resumo.nro_avaliacoes;
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const c = count(resumo, stars);
    const percent = total > 0 ? (c / total) * 100 : 0;
    return { stars, count: c, percent, label: `${formatNumber(percent, 2)}%` };
  });
}

/** The average of the approved reviews, 0 when there are none. */
export function ratingAverage(resumo: Resumo): number {
  const total = resumo.nro_avaliacoes;
  if (total <= 0) return 0;
  const sum = ([1, 2, 3, 4, 5] as const).reduce((s, n) => s + n * count(resumo, n), 0);
  return sum / total;
}

/** '1 avaliação', '4 avaliações'. */
export const reviewsCountLabel = (n: number): string => (n === 1 ? '1 avaliação' : `${n} avaliações`);
