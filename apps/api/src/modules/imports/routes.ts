import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CodCidadeSchema,
  IMPORT_MODES,
  ImportacaoQuery,
  ImportacaoRecusada,
  ImportacaoResposta,
  MSG_IMPORTACAO,
  ModeloQuery,
  type ImportMode,
} from '@praca/contract';
import { HttpError } from '../../lib/errors.js';
import { bearer, erros } from '../../plugins/openapi.js';
import { currentUser } from '../../plugins/auth.js';
import { isAdmin } from '../auth/policy.js';
import { adminShopLimit } from '../establishments/policy.js';
import { shopImport } from '../establishments/import-service.js';
import { tourismImport } from '../tourism/import-service.js';
import type { ImportKind } from './kind.js';
import { runImport, type Upload } from './service.js';
import { templateCsv, templateXlsx } from './template.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Received {
  upload: Upload;
  fields: Record<string, string>;
}

/**
 * The file and the form's fields of a multipart request. Only the first file is kept; a file
 * past IMPORT_MAX_BYTES is 413 with the limit in the message.
 */
async function receive(req: FastifyRequest, maxBytes: number): Promise<Received> {
  if (!req.isMultipart()) throw new HttpError(415, MSG_IMPORTACAO.arquivoObrigatorio);
  const tooLarge = () =>
    new HttpError(
      413,
      MSG_IMPORTACAO.arquivoGrande.replace(
        '{mb}',
        (maxBytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 }),
      ),
    );
  let upload: Upload | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const conteudo = await part.toBuffer();
        upload ??= { arquivo: (part.filename || 'arquivo').slice(0, 200), conteudo };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, MSG_IMPORTACAO.arquivoObrigatorio);
    }
    throw err;
  }
  if (!upload || upload.conteudo.length === 0) throw new HttpError(400, MSG_IMPORTACAO.arquivoObrigatorio);
  return { upload, fields };
}

const KINDS = [
  { path: 'estabelecimentos', kind: shopImport, what: 'estabelecimentos (com vendedores e campanhas)' },
  { path: 'turismo', kind: tourismImport, what: 'itens de turismo' },
] as const;

/**
 * Imports of establishments and tourism items (issue 39, decision 049), for the admins of the
 * city (the super-admin any city): the file as multipart, the city in `cod_cidade` (query or
 * form field), the mode in `modo`. The templates to fill in: `…/modelo?formato=csv|xlsx`.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.IMPORT_MAX_BYTES;
  // Only the import routes read multipart: the plugin lives in this plugin's scope.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
  const admin = app.requireUser(isAdmin);
  const deps = app.services.admin;

  for (const { path, kind, what } of KINDS) {
    app.post(
      `/v1/adm/importacoes/${path}`,
      {
        onRequest: admin,
        bodyLimit: maxBytes + 64 * 1024,
        schema: {
          tags: ['adm'],
          summary:
            `Importar ${what} de um arquivo CSV (; ou ,) ou XLSX enviado como multipart/form-data ` +
            '(um campo de arquivo; cod_cidade na consulta ou no formulário). modo=previa (padrão) ' +
            'mostra as primeiras linhas como serão gravadas e os erros de cada linha ({linha, coluna, mensagem}); ' +
            'modo=tudo grava todas as linhas numa transação ou nenhuma (422 com os erros); ' +
            'modo=validas grava as válidas e informa as demais. O modelo está em …/modelo',
          security: bearer,
          consumes: ['multipart/form-data'],
          querystring: ImportacaoQuery,
          response: {
            200: ImportacaoResposta,
            201: ImportacaoResposta,
            422: ImportacaoRecusada,
            ...erros(400, 401, 403, 409, 413, 415),
          },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        if (kind === shopImport && adminShopLimit(user) !== undefined) {
          throw new HttpError(403, MSG_IMPORTACAO.adminLimitado);
        }
        const { upload, fields } = await receive(req, maxBytes);
        // The query wins; the form's fields stand in for what it lacks.
        const rawQuery = req.query as Record<string, unknown>;
        const modo: ImportMode =
          rawQuery.modo === undefined && IMPORT_MODES.includes(fields.modo as ImportMode)
            ? (fields.modo as ImportMode)
            : req.query.modo;
        let codCidade = req.query.cod_cidade ?? req.query.codcidade;
        const fieldCity = fields.cod_cidade ?? fields.codcidade;
        if (codCidade === undefined && fieldCity !== undefined && fieldCity !== '') {
          const parsed = CodCidadeSchema.safeParse(Number(fieldCity));
          if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Cidade inválida');
          codCidade = parsed.data;
        }
        const outcome = await runImport(
          deps,
          user,
          kind as ImportKind<unknown>,
          modo,
          { cod_cidade: codCidade },
          upload,
          req.ip,
          { maxInflatedBytes: app.config.IMPORT_MAX_DESCOMPACTADO_BYTES },
        );
        for (const c of outcome.cidades) app.cityCache.invalidate(c);
        return reply.code(outcome.status).send(outcome.body);
      },
    );

    app.get(
      `/v1/adm/importacoes/${path}/modelo`,
      {
        onRequest: admin,
        schema: {
          tags: ['adm'],
          summary: `Modelo do arquivo de importação de ${what}: a linha das colunas e uma linha de exemplo (csv ou xlsx)`,
          security: bearer,
          querystring: ModeloQuery,
          response: { ...erros(400, 401, 403) },
        },
      },
      async (req, reply) => {
        const name = `modelo-${path}`;
        if (req.query.formato === 'xlsx') {
          return reply
            .type(XLSX_TYPE)
            .header('content-disposition', `attachment; filename="${name}.xlsx"`)
            .send((await templateXlsx(kind.colunas)) as never); // bytes, not the JSON of the schema
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(templateCsv(kind.colunas) as never);
      },
    );
  }
};
