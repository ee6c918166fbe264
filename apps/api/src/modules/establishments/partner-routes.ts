import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EstabelecimentoParceiro,
  EstabelecimentoParceiroBody,
  IdSchema,
  IMAGENS_DO_PARCEIRO,
  ImagemParceiroBody,
  type ImagemDoParceiro,
} from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { uploadBodyLimit } from '../images/service.js';
import * as service from './partner-service.js';
import { sellerWriteRoutes } from './seller-routes.js';
import { isPartner } from './policy.js';

const IdParams = z.object({ id: IdSchema });
const BASE = '/v1/parceiro/estabelecimentos';

/**
 * The partner's own shops (issue 35; domain §3, §10): the partner's shops, their contacts,
 * address, photo, logo and sellers. Every route is for partners, on the shops linked to them
 * (another shop 403, an unknown one 404); admins keep shops through `/v1/adm/estabelecimentos`.
 * Each write leaves an audit entry and drops the cached consumer lists of the shop's city.
 */
export const establishmentsPartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const partner = app.requireUser(isPartner);
  const { uploads } = app.services.establishments;
  const invalidate = (cidades: number[]) => {
    for (const cod of cidades) app.cityCache.invalidate(cod);
  };

  app.get(
    BASE,
    {
      onRequest: partner,
      schema: {
        tags: ['parceiro'],
        summary: 'Os estabelecimentos do parceiro, por nome, com seus vendedores',
        security: bearer,
        response: { 200: z.array(EstabelecimentoParceiro), ...erros(401, 403) },
      },
    },
    (req) => service.listOwn(app.db, currentUser(req)),
  );

  app.patch(
    `${BASE}/:id`,
    {
      onRequest: partner,
      schema: {
        tags: ['parceiro'],
        summary:
          'Alterar telefone, WhatsApp, site e endereço do próprio estabelecimento (só os campos enviados); ' +
          '`vendedores`, quando enviado, é a lista completa. Um campo do administrador (nome, CNPJ, ' +
          'cidade, categoria, situação, campanha, cupom, valores, posição, fotos) recusa tudo com 403',
        security: bearer,
        params: IdParams,
        body: EstabelecimentoParceiroBody,
        response: { 200: EstabelecimentoParceiro, ...erros(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { resposta, cidades } = await service.updateOwn(
        app.db,
        currentUser(req),
        req.params.id,
        req.body,
        req.ip,
      );
      invalidate(cidades);
      return resposta;
    },
  );

  for (const imagem of Object.keys(IMAGENS_DO_PARCEIRO) as ImagemDoParceiro[]) {
    app.put(
      `${BASE}/:id/${imagem}`,
      {
        onRequest: app.requireUser(isPartner, uploads),
        bodyLimit: uploadBodyLimit(app.config.IMAGE_MAX_BYTES),
        schema: {
          tags: ['parceiro'],
          summary: `Enviar ${imagem === 'foto' ? 'a foto' : 'o logo'} do próprio estabelecimento (base64): é conferida, reduzida e guardada em PNG`,
          security: bearer,
          params: IdParams,
          body: ImagemParceiroBody,
          response: { 200: EstabelecimentoParceiro, ...erros(400, 401, 403, 404, 429) },
        },
      },
      async (req) => {
        const { resposta, cidades } = await service.uploadOwnImage(
          app.db,
          app.config,
          app.storage,
          currentUser(req),
          req.params.id,
          imagem,
          req.body,
          req.ip,
        );
        invalidate(cidades);
        return resposta;
      },
    );

    app.delete(
      `${BASE}/:id/${imagem}`,
      {
        onRequest: partner,
        schema: {
          tags: ['parceiro'],
          summary: `Remover ${imagem === 'foto' ? 'a foto' : 'o logo'} do próprio estabelecimento`,
          security: bearer,
          params: IdParams,
          response: { 200: EstabelecimentoParceiro, ...erros(400, 401, 403, 404) },
        },
      },
      async (req) => {
        const { resposta, cidades } = await service.removeOwnImage(
          app.db,
          currentUser(req),
          req.params.id,
          imagem,
          req.ip,
        );
        invalidate(cidades);
        return resposta;
      },
    );
  }

  await app.register(
    sellerWriteRoutes({
      base: BASE,
      rule: isPartner,
      tag: 'parceiro',
      where: ' (próprio estabelecimento)',
      reach: service.ownShop,
    }),
  );
};
