/* eslint-disable praca/typed-api-path -- the generated document's own keys */
/*
 * Issue 53, for as long as the web is built apart from the API: the receipts' routes exactly as
 * `npm run openapi` writes them into openapi.d.ts from the contract's schemas (ReciboBody, Recibo,
 * DoacaoReciboBody, ReciboAdmin, RecibosAdmQuery + ExportavelQuery). Once the API's routes are
 * merged and `npm run openapi` has run, openapi.d.ts holds them and this file is deleted.
 */
export {};

declare module './openapi' {
  interface paths {
    '/v1/adm/recibos': {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      get: {
        parameters: {
          query: {
            cod_cidade: number;
            formato?: 'csv' | 'xlsx';
            id_estabelecimento?: number;
            limite?: number;
            pagina?: number;
            q?: string;
            status?:
              'pendente' | 'creditado' | 'expirado' | 'doado' | 'contestado' | 'sem_comprador' | 'cancelado';
          };
          header?: never;
          path?: never;
          cookie?: never;
        };
        requestBody?: never;
        responses: {
          /** @description Default Response */
          200: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                chave: string;
                cnpj: string;
                cod_cidade: number;
                criado_em: string;
                dat_emissao: string;
                expira_em: string | null;
                id_contestacao: number | null;
                id_entidade: number | null;
                id_estabelecimento: number;
                id_recibo: number;
                id_usuario: number;
                id_venda: number | null;
                nome_entidade: string | null;
                nome_estabelecimento: string;
                nome_usuario: string;
                sefaz_situacao: string | null;
                /** @enum {string} */
                status:
                  | 'pendente'
                  | 'creditado'
                  | 'expirado'
                  | 'doado'
                  | 'contestado'
                  | 'sem_comprador'
                  | 'cancelado';
                valor: number | null;
              }[];
            };
          };
          /** @description Default Response */
          202: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                id_exportacao: number;
                /** @enum {string} */
                situacao: 'pendente' | 'rodando' | 'pronta' | 'falha' | 'expirada';
                total: number;
              };
            };
          };
          /** @description Default Response */
          400: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          401: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          403: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
        };
      };
      put?: never;
      post?: never;
      delete?: never;
      options?: never;
      head?: never;
      patch?: never;
      trace?: never;
    };
    '/v1/recibos': {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      get: {
        parameters: {
          query?: {
            limite?: number;
            pagina?: number;
          };
          header?: never;
          path?: never;
          cookie?: never;
        };
        requestBody?: never;
        responses: {
          /** @description Default Response */
          200: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                chave: string;
                criado_em: string;
                dat_emissao: string;
                expira_em: string | null;
                id_entidade: number | null;
                id_estabelecimento: number;
                id_recibo: number;
                id_venda: number | null;
                nome_entidade: string | null;
                nome_estabelecimento: string;
                /** @enum {string} */
                status:
                  | 'pendente'
                  | 'creditado'
                  | 'expirado'
                  | 'doado'
                  | 'contestado'
                  | 'sem_comprador'
                  | 'cancelado';
                valor: number | null;
              }[];
            };
          };
          /** @description Default Response */
          400: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          401: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          403: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
        };
      };
      put?: never;
      post: {
        parameters: {
          query?: never;
          header?: never;
          path?: never;
          cookie?: never;
        };
        requestBody: {
          content: {
            'application/json': {
              chave?: string;
              id_entidade?: number;
              qrcode?: string;
            };
          };
        };
        responses: {
          /** @description Default Response */
          201: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                chave: string;
                criado_em: string;
                dat_emissao: string;
                expira_em: string | null;
                id_entidade: number | null;
                id_estabelecimento: number;
                id_recibo: number;
                id_venda: number | null;
                nome_entidade: string | null;
                nome_estabelecimento: string;
                /** @enum {string} */
                status:
                  | 'pendente'
                  | 'creditado'
                  | 'expirado'
                  | 'doado'
                  | 'contestado'
                  | 'sem_comprador'
                  | 'cancelado';
                valor: number | null;
              };
            };
          };
          /** @description Default Response */
          400: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          401: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          403: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          409: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
        };
      };
      delete?: never;
      options?: never;
      head?: never;
      patch?: never;
      trace?: never;
    };
    '/v1/recibos/{id_recibo}/doacao': {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      get?: never;
      put?: never;
      post: {
        parameters: {
          query?: never;
          header?: never;
          path: {
            id_recibo: number;
          };
          cookie?: never;
        };
        requestBody: {
          content: {
            'application/json': {
              id_entidade: number;
            };
          };
        };
        responses: {
          /** @description Default Response */
          200: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                chave: string;
                criado_em: string;
                dat_emissao: string;
                expira_em: string | null;
                id_entidade: number | null;
                id_estabelecimento: number;
                id_recibo: number;
                id_venda: number | null;
                nome_entidade: string | null;
                nome_estabelecimento: string;
                /** @enum {string} */
                status:
                  | 'pendente'
                  | 'creditado'
                  | 'expirado'
                  | 'doado'
                  | 'contestado'
                  | 'sem_comprador'
                  | 'cancelado';
                valor: number | null;
              };
            };
          };
          /** @description Default Response */
          400: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          401: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          403: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          404: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
          /** @description Default Response */
          409: {
            headers: {
              [name: string]: unknown;
            };
            content: {
              'application/json': {
                erro: string;
              };
            };
          };
        };
      };
      delete?: never;
      options?: never;
      head?: never;
      patch?: never;
      trace?: never;
    };
  }
}
