import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema, VendedorBody, VendedorSchema } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import type { Rule } from '../auth/policy.js';
import { addSeller, removeSeller, renameSellerForAdmin, type ShopReach } from './admin-service.js';

const IdParams = z.object({ id: IdSchema });
const VendedorParams = z.object({ id: IdSchema, id_vendedor: IdSchema });
const Mensagem = z.object({ mensagem: z.string() });

interface SellerWrites {
  /** The shop's path, without `/:id`: `/v1/adm/estabelecimentos` or `/v1/parceiro/estabelecimentos`. */
  base: string;
  /** Who may call the routes. */
  rule: Rule;
  tag: 'adm' | 'parceiro';
  /** Said after each summary's verb: ' do próprio estabelecimento', say. */
  where: string;
  /** Which shops the caller reaches (the admin's rule when not given). */
  reach?: ShopReach;
}

/**
 * Adding, renaming and removing one seller of a shop: the same rule for an admin and for the
 * partner of the shop, only the reach differs. Each write leaves its audit entry (admin-service).
 */
export const sellerWriteRoutes =
  (o: SellerWrites): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = app.requireUser(o.rule);
    const schema = { tags: [o.tag], security: bearer };
    /** Drops the cached consumer lists of the cities a write touched. */
    const invalidate = (cidades: number[]) => {
      for (const cod of cidades) app.cityCache.invalidate(cod);
    };

    app.post(
      `${o.base}/:id/vendedores`,
      {
        onRequest,
        schema: {
          ...schema,
          summary: `Adicionar um vendedor${o.where}; 200 com o existente quando o nome já está na lista`,
          params: IdParams,
          body: VendedorBody,
          response: { 200: VendedorSchema, 201: VendedorSchema, ...erros(400, 401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        const { resposta, criado, cidades } = await addSeller(
          app.db,
          currentUser(req),
          req.params.id,
          req.body.nome_vendedor,
          req.ip,
          o.reach,
        );
        invalidate(cidades);
        return reply.code(criado ? 201 : 200).send(resposta);
      },
    );

    app.patch(
      `${o.base}/:id/vendedores/:id_vendedor`,
      {
        onRequest,
        schema: {
          ...schema,
          summary: `Renomear um vendedor${o.where}`,
          params: VendedorParams,
          body: VendedorBody,
          response: { 200: VendedorSchema, ...erros(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { resposta, cidades } = await renameSellerForAdmin(
          app.db,
          currentUser(req),
          req.params.id,
          req.params.id_vendedor,
          req.body.nome_vendedor,
          req.ip,
          o.reach,
        );
        invalidate(cidades);
        return resposta;
      },
    );

    app.delete(
      `${o.base}/:id/vendedores/:id_vendedor`,
      {
        onRequest,
        schema: {
          ...schema,
          summary: `Remover um vendedor${o.where}; suas vendas passadas ficam como 'Sem Vendedor'`,
          params: VendedorParams,
          response: { 200: Mensagem, ...erros(400, 401, 403, 404) },
        },
      },
      async (req) => {
        // vendas.id_vendedor is ON DELETE SET NULL: the seller's past sales stay, as 'Sem Vendedor'.
        const { resposta, cidades } = await removeSeller(
          app.db,
          currentUser(req),
          req.params.id,
          req.params.id_vendedor,
          req.ip,
          o.reach,
        );
        invalidate(cidades);
        return resposta;
      },
    );
  };
