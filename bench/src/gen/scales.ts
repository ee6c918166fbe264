import type { Scale } from '../summary.js';

/** A campaign to generate; days are relative to today (São Paulo). */
export interface CampaignPlan {
  /** Index into the scale's cities. */
  city: number;
  name: (year: number, cidade: string) => string;
  /** validade_ini = today + iniDays, validade_fim = today + fimDays. */
  iniDays: number;
  fimDays: number;
  sales: number;
  /** Keep selling (last day) until this many coupons are issued. */
  minCoupons?: number;
  /** Share of the city's active shops taking part. */
  shopShare: number;
  /** Winners already drawn. */
  winners: number;
}

export interface ScaleConfig {
  consumers: number;
  shops: number;
  /** Weight of each city (the first is the main one); consumers and shops follow it. */
  cityWeights: number[];
  campaigns: CampaignPlan[];
  reviewsPerShop: number;
}

const natal = (y: number) => `Natal Premiado ${y - 1}`;
const maes = (y: number) => `Dia das Mães Premiado ${y}`;
const praca = (y: number) => `Praça Premiada ${y}`;

/** Three campaigns of one city: two past, one running; sales split 1 : 1 : 2. */
function threeCampaigns(sales: number): CampaignPlan[] {
  return [
    { city: 0, name: natal, iniDays: -400, fimDays: -330, sales: sales / 4, shopShare: 0.7, winners: 5 },
    { city: 0, name: maes, iniDays: -250, fimDays: -190, sales: sales / 4, shopShare: 0.75, winners: 5 },
    { city: 0, name: praca, iniDays: -90, fimDays: 90, sales: sales / 2, shopShare: 0.85, winners: 2 },
  ];
}

export const SCALES: Record<Scale, ScaleConfig> = {
  tiny: {
    consumers: 2_000,
    shops: 20,
    cityWeights: [1],
    campaigns: threeCampaigns(20_000),
    reviewsPerShop: 4,
  },
  city: {
    consumers: 200_000,
    shops: 2_000,
    cityWeights: [1],
    campaigns: threeCampaigns(2_000_000),
    reviewsPerShop: 4,
  },
  state: {
    consumers: 2_000_000,
    shops: 20_000,
    cityWeights: [0.4, 0.15, 0.1, 0.08, 0.08, 0.07, 0.06, 0.06],
    campaigns: [
      { city: 0, name: natal, iniDays: -400, fimDays: -330, sales: 500_000, shopShare: 0.7, winners: 5 },
      {
        city: 0,
        name: praca,
        iniDays: -150,
        fimDays: 90,
        sales: 8_100_000,
        minCoupons: 20_000_000,
        shopShare: 0.85,
        winners: 2,
      },
      ...[1, 2, 3, 4, 5, 6, 7].map((city): CampaignPlan => ({
        city,
        name: (y, cidade) => `Compre em ${cidade} ${y}`,
        iniDays: -60,
        fimDays: 120,
        sales: 50_000,
        shopShare: 0.8,
        winners: 1,
      })),
    ],
    reviewsPerShop: 1,
  },
};

export const SCALE_NAMES = Object.keys(SCALES) as Scale[];
