import type { Kysely } from 'kysely';
import { DEFAULT_SELLER_ID, MSG_VENDA, maskCpf } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import * as coupons from '../coupons/service.js';
import { reaisToCents } from '../coupons/units.js';
import * as establishments from '../establishments/service.js';
import * as users from '../users/service.js';
import type { SalesDeps, VendaInput } from './deps.js';
import { newSaleKey } from './nfce.js';
import { namesFor } from './presenter.js';
import * as repo from './repository.js';
import { checkNotSelfDealing, hasEnded, limitsOf } from './rules.js';

/** A sale resolved from a request (shop, campaign, seller, recipient), and how it is told. */

/** Issue 40: a sale waiting for a CPF's account: the CPF's lookup value and its masked form. */
export interface PendingCpf {
  busca: string;
  mascara: string;
}

/**
 * What a sale becomes from the body, checked against shop, campaign, seller and recipient.
 * `reach` (issue 52, the partner's screen and keys): the recipient must live in one of the
 * caller's cities (404 as an unknown person otherwise); an admin's decision on a complaint
 * registers the complaint's sale without it.
 */
export async function resolve(
  trx: Kysely<Database>,
  user: AuthUser,
  body: VendaInput,
  recipient: number | null,
  reach = true,
) {
  // Shop, participation and recipient in one statement, checked in the order of the rules.
  const ctx = await repo.findSaleContext(trx, body.id_estabelecimento, body.id_campanha, recipient);
  const shop = establishments.checkShopToRun(user, ctx);
  // The campaign's columns are all set when the shop takes part, all null when it does not.
  const part =
    shop.id_campanha === null
      ? null
      : {
          id_campanha: shop.id_campanha,
          den_campanha: shop.den_campanha!,
          banner: shop.banner!,
          validade_ini: shop.validade_ini!,
          validade_fim: shop.validade_fim!,
          fator_cashback_e4: shop.fator_cashback_e4!,
          fator_sorteio_e4: shop.fator_sorteio_e4!,
          exige_nfce: shop.exige_nfce === 'S',
        };
  if (!part) throw new HttpError(400, MSG_VENDA.naoParticipa);
  if (body.dat_venda < part.validade_ini || body.dat_venda > part.validade_fim) {
    throw new HttpError(400, MSG_VENDA.foraDaValidade);
  }
  let idVendedor: number | null = null;
  let nomeVendedor: string | null = null;
  if (body.id_vendedor !== DEFAULT_SELLER_ID) {
    const seller = await establishments.findSeller(trx, body.id_vendedor);
    if (!seller || seller.id_estabelecimento !== shop.id_estabelecimento) {
      throw new HttpError(400, MSG_VENDA.vendedorInvalido);
    }
    idVendedor = seller.id_vendedor;
    nomeVendedor = seller.nome_vendedor;
  }
  const nomeUsuario = recipient === null ? null : shop.nome_destinatario;
  if (recipient !== null && nomeUsuario === null)
    throw new HttpError(404, MSG_VENDA.destinatarioNaoEncontrado);
  if (
    recipient !== null &&
    reach &&
    !(await users.mayReachResident(trx, user, shop.cidade_destinatario!, shop.cod_cidade))
  )
    throw new HttpError(404, MSG_VENDA.destinatarioNaoEncontrado);
  // Self-dealing (issue 37): no sale to oneself, nor to another person of the same shop.
  if (recipient !== null) checkNotSelfDealing(recipient, user.id, shop.destinatario_da_loja !== null);
  const valor = reaisToCents(body.valor_venda);
  const values: repo.SaleValues = {
    id_campanha: part.id_campanha,
    id_estabelecimento: shop.id_estabelecimento,
    id_usuario: recipient,
    id_vendedor: idVendedor,
    dat_venda: body.dat_venda,
    numero_venda: body.numero_venda,
    valor_centavos: valor,
    pontos_e6: coupons.earnedE6(valor, part.fator_sorteio_e4),
    cashback_e6: coupons.earnedE6(valor, part.fator_cashback_e4),
  };
  return {
    values,
    cod_cidade: shop.cod_cidade,
    encerrada: hasEnded(part.validade_fim),
    limits: limitsOf(shop),
    /** Issue 53: the campaign requires the receipt's key of every sale. */
    exigeNfce: part.exige_nfce,
    den_campanha: part.den_campanha,
    nome_estabelecimento: shop.nome,
    // What the answer shows besides the values, so that a new sale needs no reading back.
    shown: {
      banner: part.banner,
      url_logo: shop.url_logo,
      nome_usuario: nomeUsuario,
      nome_entidade: recipient === null ? null : shop.entidade_destinatario,
      nomeVendedor,
      nomes: namesFor(user),
    },
  };
}

/**
 * Issue 40: a sale given by CPF (`cpf` in place of `id_usuario`). Issue 52: whatever the CPF
 * (proven, declared, of another city, unknown), the sale is written waiting for it and answered
 * alike; its account, if one may take it (`creditableHolder`), is credited behind the answer
 * (job `CPF_CREDIT_JOB`, cpf-credit.ts). Nothing is looked up here, so neither the answer nor
 * its time tells the CPF's owner apart.
 */
export function byCpf(deps: Pick<SalesDeps, 'cpf'>, body: VendaInput): PendingCpf | null {
  if (!body.cpf) return null;
  if (body.id_usuario > 0 || body.qrcode) throw new HttpError(400, MSG_VENDA.destinatarioOuCpf);
  if (!deps.cpf) throw new Error('CpfVault ausente');
  return { busca: deps.cpf.lookup(body.cpf), mascara: maskCpf(body.cpf) };
}

/**
 * A new sale's values, checked: also refused into an ended campaign. A freeze of the campaign
 * refuses nothing (issue 49): the sale's coupons are numbered above the frozen file's
 * `maior_numero`, so they join the campaign's next apuração, whatever the sale's date.
 * Issue 53: with the receipt's key the body reports, checked (`chave`, null when none; none in
 * a campaign that requires it is 400).
 */
export async function resolveNew(
  db: Kysely<Database>,
  user: AuthUser,
  body: VendaInput,
  recipient: number | null,
  reach = true,
) {
  const resolved = await resolve(db, user, body, recipient, reach);
  if (resolved.encerrada) throw new HttpError(409, MSG_VENDA.campanhaEncerrada);
  const chave = await newSaleKey(db, { ...resolved.values, exigeNfce: resolved.exigeNfce }, body);
  return { ...resolved, chave };
}

export type Resolved = Awaited<ReturnType<typeof resolveNew>>;

export const storedValues = (s: repo.SaleRow): repo.SaleValues => ({
  id_campanha: s.id_campanha,
  id_estabelecimento: s.id_estabelecimento,
  id_usuario: s.id_usuario,
  id_vendedor: s.id_vendedor,
  dat_venda: s.dat_venda,
  numero_venda: s.numero_venda,
  valor_centavos: s.valor_centavos,
  pontos_e6: Number(s.pontos_e6),
  cashback_e6: Number(s.cashback_e6),
});
