import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_DIRS, ImagemBody, ImagemPastaParams, ImagemResposta, MSG_ADMIN } from '@praca/contract';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { mayUploadImages } from './policy.js';
import * as service from './service.js';

/**
 * Image service (issue 5; spec §7 Other, domain §12): `POST <base>/img/<dir>/post_img.php`.
 * The stored PNG is then served by the static plugin at `<base>/img/<caminho>` (GET/HEAD only,
 * so the two never meet).
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads } = app.services.images;
  app.post(
    '/img/:dir/post_img.php',
    {
      onRequest: app.requireUser(mayUploadImages, uploads),
      bodyLimit: service.uploadBodyLimit(app.config.IMAGE_MAX_BYTES),
      schema: {
        tags: ['imagens'],
        summary: 'Enviar uma imagem (base64): é conferida, reduzida ao tamanho do uso e guardada em PNG',
        security: bearer,
        params: ImagemPastaParams.extend({ dir: z.enum(IMAGE_DIRS, { error: MSG_ADMIN.pastaDesconhecida }) }),
        body: ImagemBody,
        response: { 201: ImagemResposta, ...erros(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      const saved = await service.saveImage(app.config, app.storage, req.params.dir, req.body);
      req.log.info(
        {
          caminho: saved.caminho,
          id_usuario: currentUser(req).id,
          largura: saved.largura,
          altura: saved.altura,
        },
        'imagem salva',
      );
      return reply.code(201).send(saved);
    },
  );
};
