import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, sha256Hex, uniqueEmail } from './utils.js';

/**
 * Draw data each test makes for itself: a campaign of its own in Guarujá (no other spec counts
 * Guarujá's winners) with one consumer holding its only coupons, so any draw can only pick them.
 */

export const GUARUJA = 3518701;
export const tag = (): string => randomBytes(3).toString('hex');

/** Today in the programme's clock (America/Sao_Paulo), `YYYY-MM-DD`. */
const today = (offsetDays = 0): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

async function superToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/v1/adm/usuarios/login', {
    data: { email: 'super@praca.demo', senha: sha256Hex(DEMO_PASSWORD) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A Guarujá consumer with 3 coupons in a brand-new campaign, set up through the API. */
export async function campaignWithOneConsumer(request: APIRequestContext) {
  const t = tag();
  const headers = { authorization: `Bearer ${await superToken(request)}` };
  const shops = (await (await request.get(`/v1/estabelecimentos?cod_cidade=${GUARUJA}`)).json()) as {
    id_estabelecimento: number;
    nome: string;
  }[];
  const shop = shops[0];

  const nome = `Gabriela Sortuda ${t}`;
  const email = uniqueEmail('sorteio');
  const senha = 'segredo123';
  const reg = await request.post('/v1/usuarios/registro', {
    data: { nome, email, senha: sha256Hex(senha), cidade: 'Guarujá', uf: 'SP', cod_cidade: GUARUJA },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { id_usuario } = (await reg.json()) as { id_usuario: number };

  const den_campanha = `Sorteio de Verão ${t}`;
  const camp = await request.post('/v1/adm/campanhas', {
    headers,
    data: {
      den_campanha,
      validade_ini: today(),
      validade_fim: today(30),
      cod_cidade: GUARUJA,
      estabelecimentos: [
        { id_estabelecimento: shop.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.01 },
      ],
    },
  });
  expect(camp.status(), await camp.text()).toBe(201);
  const { id_campanha } = (await camp.json()) as { id_campanha: number };

  const sale = await request.post('/v1/parceiro/vendas', {
    headers,
    data: {
      id_campanha,
      id_estabelecimento: shop.id_estabelecimento,
      id_usuario,
      dat_venda: today(),
      numero_venda: `SORTEIO-${t}`,
      valor_venda: 300,
      id_vendedor: 99,
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  return { nome, email, senha, den_campanha, id_campanha, id_usuario, shop };
}
