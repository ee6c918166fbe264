// Gerado por `npm run openapi` (apps/api/src/cli/openapi.ts) a partir de apps/api/openapi.json: não edite.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saúde do servidor e do banco */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            banco: string;
                            /** @enum {string} */
                            status: "ok";
                            versao: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/health/pronto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prontidão: banco e migrações, armazenamento, fila de tarefas e carga
         * @description 200 quando a instância pode receber tráfego; 503 com as checagens que falharam nomeadas em `erro` (banco fora, migrações pendentes, armazenamento sem gravar, fila parada ou servidor sobrecarregado). A checagem do armazenamento vale por 30 s.
         */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            checks: {
                                armazenamento: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                banco: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                carga: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                fila: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                migracoes: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                            };
                            erro?: string;
                            /** @enum {string} */
                            status: "ok" | "indisponivel";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checks: {
                                armazenamento: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                banco: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                carga: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                fila: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                                migracoes: {
                                    detalhe?: string;
                                    ok: boolean;
                                };
                            };
                            erro?: string;
                            /** @enum {string} */
                            status: "ok" | "indisponivel";
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
    "/img/{dir}/post_img.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enviar uma imagem (base64): é conferida, reduzida ao tamanho do uso e guardada em PNG */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    dir: "imgban" | "imgest" | "imglog" | "users" | "imgprom" | "imgtur";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        altura?: number;
                        conteudo: string;
                        largura?: number;
                        /** @default  */
                        nomearq?: string;
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
                        "application/json": {
                            altura: number;
                            caminho: string;
                            largura: number;
                            nomearq: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/adm/alertas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Alertas da cidade num dia (pico de vendas da loja, vendas repetidas para uma pessoa, valores logo abaixo de um limite, vendas de madrugada) e nas notas fiscais dos dias até ele (ALERTA_RECIBOS_DIAS: notas que a loja não informou, uma chave enviada por várias pessoas, doações concentradas numa entidade, vendas acima do total autorizado pela SEFAZ), cada um com a evidência, as vendas e as notas */
        get: {
            parameters: {
                query: {
                    cod_cidade?: number;
                    data: string;
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
                        "application/json": {
                            chave?: string;
                            evidencia: string;
                            id_entidade?: number;
                            id_estabelecimento?: number;
                            id_usuario?: number;
                            ids_recibo?: number[];
                            ids_usuario?: number[];
                            ids_venda: number[];
                            /** @enum {string} */
                            regra: "pico_loja" | "vendas_repetidas_pessoa" | "valor_abaixo_limite" | "madrugada" | "recibos_nao_informados" | "chave_varias_pessoas" | "doacoes_concentradas" | "venda_acima_da_nota";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/apuracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Agendar uma apuração pela Loteria Federal: fixa agora os cupons elegíveis da campanha, congela-os no arquivo de bilhetes e publica o seu SHA-256 (201); se o arquivo ainda está sendo gravado, 202 com status congelando */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        autorizacao?: string;
                        concurso: number;
                        data_concurso: string;
                        descricao_premios: string[];
                        excecao_motivo?: string;
                        /** @default false */
                        final?: boolean;
                        id_campanha: number;
                        /**
                         * @default S
                         * @enum {string}
                         */
                        mloja?: "S" | "N";
                        /**
                         * @default S
                         * @enum {string}
                         */
                        musuario?: "S" | "N";
                        qtd_premios: number;
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
                        "application/json": {
                            aguardando_confirmacao: boolean;
                            apurada_em: string | null;
                            ata: string | null;
                            autorizacao: string | null;
                            bilhetes: string;
                            bilhetes_gravados: number;
                            cod_cidade: number;
                            concurso: number;
                            confirmado_por: string | null;
                            congelado_em: string;
                            contestacoes_abertas: number;
                            data_concurso: string;
                            den_campanha: string;
                            descricao_premios: string[];
                            edital: string;
                            excecao_motivo: string | null;
                            final: boolean;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            hash_bilhetes: string;
                            id_apuracao: number;
                            id_campanha: number;
                            instante_concurso: string;
                            lancado_por: string | null;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            /** @enum {string} */
                            musuario: "S" | "N";
                            numero_inicial: string | null;
                            prazo_reclamacao: string;
                            premios: string[] | null;
                            publicacoes: {
                                data_publicacao: string;
                                em: string;
                                posterior_ao_concurso: boolean;
                                url: string | null;
                                veiculo: string;
                            }[];
                            qtd_bilhetes: number;
                            qtd_premios: number;
                            reagendamentos: {
                                concurso: number;
                                concurso_anterior: number;
                                data_anterior: string;
                                data_concurso: string;
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                tipo: "reagendamento" | "concurso_nao_realizado";
                            }[];
                            regra: string[];
                            resultado_oficial: string | null;
                            serie_inicial: string | null;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada";
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            aguardando_confirmacao: boolean;
                            apurada_em: string | null;
                            ata: string | null;
                            autorizacao: string | null;
                            bilhetes: string;
                            bilhetes_gravados: number;
                            cod_cidade: number;
                            concurso: number;
                            confirmado_por: string | null;
                            congelado_em: string;
                            contestacoes_abertas: number;
                            data_concurso: string;
                            den_campanha: string;
                            descricao_premios: string[];
                            edital: string;
                            excecao_motivo: string | null;
                            final: boolean;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            hash_bilhetes: string;
                            id_apuracao: number;
                            id_campanha: number;
                            instante_concurso: string;
                            lancado_por: string | null;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            /** @enum {string} */
                            musuario: "S" | "N";
                            numero_inicial: string | null;
                            prazo_reclamacao: string;
                            premios: string[] | null;
                            publicacoes: {
                                data_publicacao: string;
                                em: string;
                                posterior_ao_concurso: boolean;
                                url: string | null;
                                veiculo: string;
                            }[];
                            qtd_bilhetes: number;
                            qtd_premios: number;
                            reagendamentos: {
                                concurso: number;
                                concurso_anterior: number;
                                data_anterior: string;
                                data_concurso: string;
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                tipo: "reagendamento" | "concurso_nao_realizado";
                            }[];
                            regra: string[];
                            resultado_oficial: string | null;
                            serie_inicial: string | null;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada";
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/apuracoes/{id_apuracao}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Passar uma apuração agendada para outro concurso, com motivo, até APURACAO_ANTECEDENCIA_MINUTOS antes do concurso (fica registrado e público) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        concurso: number;
                        data_concurso: string;
                        excecao_motivo?: string;
                        motivo: string;
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
                        "application/json": {
                            aguardando_confirmacao: boolean;
                            apurada_em: string | null;
                            ata: string | null;
                            autorizacao: string | null;
                            bilhetes: string;
                            bilhetes_gravados: number;
                            cod_cidade: number;
                            concurso: number;
                            confirmado_por: string | null;
                            congelado_em: string;
                            data_concurso: string;
                            den_campanha: string;
                            descricao_premios: string[];
                            edital: string;
                            excecao_motivo: string | null;
                            final: boolean;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            hash_bilhetes: string;
                            id_apuracao: number;
                            id_campanha: number;
                            instante_concurso: string;
                            lancado_por: string | null;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            /** @enum {string} */
                            musuario: "S" | "N";
                            numero_inicial: string | null;
                            prazo_reclamacao: string;
                            premios: string[] | null;
                            publicacoes: {
                                data_publicacao: string;
                                em: string;
                                posterior_ao_concurso: boolean;
                                url: string | null;
                                veiculo: string;
                            }[];
                            qtd_bilhetes: number;
                            qtd_premios: number;
                            reagendamentos: {
                                concurso: number;
                                concurso_anterior: number;
                                data_anterior: string;
                                data_concurso: string;
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                tipo: "reagendamento" | "concurso_nao_realizado";
                            }[];
                            regra: string[];
                            resultado_oficial: string | null;
                            serie_inicial: string | null;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada";
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/apuracoes/{id_apuracao}/ata.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ata de apuração em PDF (a mesma da rota pública) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/apuracoes/{id_apuracao}/bilhetes.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Restaurar o arquivo de bilhetes de uma apuração suspensa com uma cópia de mesmo SHA-256 (corpo: os bytes do CSV, Content-Type text/csv) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
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
                        "application/json": {
                            aguardando_confirmacao: boolean;
                            apurada_em: string | null;
                            ata: string | null;
                            autorizacao: string | null;
                            bilhetes: string;
                            bilhetes_gravados: number;
                            cod_cidade: number;
                            concurso: number;
                            confirmado_por: string | null;
                            congelado_em: string;
                            data_concurso: string;
                            den_campanha: string;
                            descricao_premios: string[];
                            edital: string;
                            excecao_motivo: string | null;
                            final: boolean;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            hash_bilhetes: string;
                            id_apuracao: number;
                            id_campanha: number;
                            instante_concurso: string;
                            lancado_por: string | null;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            /** @enum {string} */
                            musuario: "S" | "N";
                            numero_inicial: string | null;
                            prazo_reclamacao: string;
                            premios: string[] | null;
                            publicacoes: {
                                data_publicacao: string;
                                em: string;
                                posterior_ao_concurso: boolean;
                                url: string | null;
                                veiculo: string;
                            }[];
                            qtd_bilhetes: number;
                            qtd_premios: number;
                            reagendamentos: {
                                concurso: number;
                                concurso_anterior: number;
                                data_anterior: string;
                                data_concurso: string;
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                tipo: "reagendamento" | "concurso_nao_realizado";
                            }[];
                            regra: string[];
                            resultado_oficial: string | null;
                            serie_inicial: string | null;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada";
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/adm/apuracoes/{id_apuracao}/concurso-nao-realizado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A Caixa não realizou o concurso: a apuração passa ao próximo concurso pelo calendário, sem escolha de número */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        motivo: string;
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
                        "application/json": {
                            aguardando_confirmacao: boolean;
                            apurada_em: string | null;
                            ata: string | null;
                            autorizacao: string | null;
                            bilhetes: string;
                            bilhetes_gravados: number;
                            cod_cidade: number;
                            concurso: number;
                            confirmado_por: string | null;
                            congelado_em: string;
                            data_concurso: string;
                            den_campanha: string;
                            descricao_premios: string[];
                            edital: string;
                            excecao_motivo: string | null;
                            final: boolean;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            hash_bilhetes: string;
                            id_apuracao: number;
                            id_campanha: number;
                            instante_concurso: string;
                            lancado_por: string | null;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            /** @enum {string} */
                            musuario: "S" | "N";
                            numero_inicial: string | null;
                            prazo_reclamacao: string;
                            premios: string[] | null;
                            publicacoes: {
                                data_publicacao: string;
                                em: string;
                                posterior_ao_concurso: boolean;
                                url: string | null;
                                veiculo: string;
                            }[];
                            qtd_bilhetes: number;
                            qtd_premios: number;
                            reagendamentos: {
                                concurso: number;
                                concurso_anterior: number;
                                data_anterior: string;
                                data_concurso: string;
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                tipo: "reagendamento" | "concurso_nao_realizado";
                            }[];
                            regra: string[];
                            resultado_oficial: string | null;
                            serie_inicial: string | null;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada";
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/apuracoes/{id_apuracao}/publicacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Registrar onde o edital da apuração foi publicado (veículo, data, endereço): fica público */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data_publicacao: string;
                        url?: string | "";
                        veiculo: string;
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
                        "application/json": {
                            aguardando_confirmacao: boolean;
                            apurada_em: string | null;
                            ata: string | null;
                            autorizacao: string | null;
                            bilhetes: string;
                            bilhetes_gravados: number;
                            cod_cidade: number;
                            concurso: number;
                            confirmado_por: string | null;
                            congelado_em: string;
                            data_concurso: string;
                            den_campanha: string;
                            descricao_premios: string[];
                            edital: string;
                            excecao_motivo: string | null;
                            final: boolean;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            hash_bilhetes: string;
                            id_apuracao: number;
                            id_campanha: number;
                            instante_concurso: string;
                            lancado_por: string | null;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            /** @enum {string} */
                            musuario: "S" | "N";
                            numero_inicial: string | null;
                            prazo_reclamacao: string;
                            premios: string[] | null;
                            publicacoes: {
                                data_publicacao: string;
                                em: string;
                                posterior_ao_concurso: boolean;
                                url: string | null;
                                veiculo: string;
                            }[];
                            qtd_bilhetes: number;
                            qtd_premios: number;
                            reagendamentos: {
                                concurso: number;
                                concurso_anterior: number;
                                data_anterior: string;
                                data_concurso: string;
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                tipo: "reagendamento" | "concurso_nao_realizado";
                            }[];
                            regra: string[];
                            resultado_oficial: string | null;
                            serie_inicial: string | null;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada";
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/apuracoes/{id_apuracao}/resultado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lançar os 5 prêmios do concurso (a partir do horário do concurso): o primeiro lançamento aguarda (202); os mesmos prêmios lançados por outra pessoa publicam o resultado (200), e os contemplados saem da regra sobre o arquivo de bilhetes publicado. Numa apuração já apurada, lança o concurso dos suplentes pendentes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        concurso?: number;
                        premios: string[];
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
                        "application/json": {
                            concurso: number;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                id_usuario: number;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            id_apuracao: number;
                            numero_inicial: string | null;
                            premios: string[];
                            serie_inicial: string | null;
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            concurso: number;
                            id_apuracao: number;
                            lancado_em: string;
                            lancado_por: string;
                            /** @enum {string} */
                            status: "aguardando_confirmacao";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/apuracoes/proximo-concurso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O próximo concurso da Loteria Federal que pode ser agendado agora (pelo calendário, com a antecedência exigida) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            concurso: number;
                            data_concurso: string;
                            instante_concurso: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/auditoria": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registro de auditoria da cidade, mais recente primeiro (filtros q: nome ou e-mail do autor, id_usuario, entidade, de, ate); total em X-Total-Count, contado até 10000 (X-Total-Count-Exact: false quando há mais) */
        get: {
            parameters: {
                query?: {
                    ate?: string;
                    cod_cidade?: number;
                    codcidade?: number;
                    de?: string;
                    entidade?: string;
                    formato?: "csv" | "xlsx";
                    id_usuario?: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            acao: string;
                            antes: unknown;
                            criado_em: string;
                            depois: unknown;
                            email_usuario: string;
                            entidade: string;
                            id: number;
                            id_entidade: string;
                            id_usuario: number | null;
                            ip: string;
                            nome_usuario: string;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/avisos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Avisos da cidade, válidos ou vencidos, mais recentes primeiro (q: id ou parte do título); total em X-Total-Count */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            body: string;
                            cod_cidade: number;
                            id_aviso: number;
                            image: string;
                            title: string;
                            type: string;
                            validade: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Criar um aviso (título e validade obrigatórios; HTML da mensagem higienizado; imagem guardada como caminho) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body?: string;
                        cod_cidade?: number;
                        id_aviso?: number;
                        image?: string;
                        title?: string;
                        type?: string;
                        validade?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            body: string;
                            cod_cidade: number;
                            id_aviso: number;
                            image: string;
                            title: string;
                            type: string;
                            validade: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/avisos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um aviso */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            body: string;
                            cod_cidade: number;
                            id_aviso: number;
                            image: string;
                            title: string;
                            type: string;
                            validade: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Excluir um aviso */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Alterar um aviso (só o que for enviado) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body?: string;
                        cod_cidade?: number;
                        id_aviso?: number;
                        image?: string;
                        title?: string;
                        type?: string;
                        validade?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            body: string;
                            cod_cidade: number;
                            id_aviso: number;
                            image: string;
                            title: string;
                            type: string;
                            validade: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/campanhas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Campanhas da cidade, mais recentes primeiro (q: id ou parte da descrição); total em X-Total-Count */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    formato?: "csv" | "xlsx";
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            banner: string;
                            cod_cidade: number;
                            den_campanha: string;
                            exige_nfce: boolean;
                            id_campanha: number;
                            limite_cupons_mes: number | null;
                            limite_valor_dia: number | null;
                            limite_vendas_dia_loja: number | null;
                            link: string;
                            pct_entidade: number;
                            validade_fim: string;
                            validade_ini: string;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Criar uma campanha com seus estabelecimentos e fatores */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        banner?: string;
                        cod_cidade?: number;
                        den_campanha?: string;
                        estabelecimentos?: {
                            fator_cashback: number;
                            fator_sorteio: number;
                            id_campanha?: number;
                            id_estabelecimento: number;
                        }[];
                        exige_nfce?: boolean;
                        id_campanha?: number;
                        limite_cupons_mes?: number | null;
                        limite_valor_dia?: number | null;
                        limite_vendas_dia_loja?: number | null;
                        link?: string;
                        pct_entidade?: number;
                        validade_fim?: string;
                        validade_ini?: string;
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
                        "application/json": {
                            banner: string;
                            cod_cidade: number;
                            den_campanha: string;
                            estabelecimentos: {
                                fator_cashback: number;
                                fator_sorteio: number;
                                id_campanha: number;
                                id_estabelecimento: number;
                                nome: string;
                            }[];
                            exige_nfce: boolean;
                            id_campanha: number;
                            limite_cupons_mes: number | null;
                            limite_valor_dia: number | null;
                            limite_vendas_dia_loja: number | null;
                            link: string;
                            pct_entidade: number;
                            validade_fim: string;
                            validade_ini: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
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
    "/v1/adm/campanhas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma campanha com os estabelecimentos da cidade marcados */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            banner: string;
                            cod_cidade: number;
                            den_campanha: string;
                            estabelecimentos: {
                                fator_cashback: number;
                                fator_sorteio: number;
                                id_campanha: number;
                                id_estabelecimento: number;
                                nome: string;
                            }[];
                            exige_nfce: boolean;
                            id_campanha: number;
                            limite_cupons_mes: number | null;
                            limite_valor_dia: number | null;
                            limite_vendas_dia_loja: number | null;
                            link: string;
                            pct_entidade: number;
                            validade_fim: string;
                            validade_ini: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Excluir uma campanha sem vendas, cupons nem sorteios (409 se tiver) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Alterar uma campanha (só o que for enviado; estabelecimentos, se enviado, é a lista inteira); vendas já registradas não mudam */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        banner?: string;
                        cod_cidade?: number;
                        den_campanha?: string;
                        estabelecimentos?: {
                            fator_cashback: number;
                            fator_sorteio: number;
                            id_campanha?: number;
                            id_estabelecimento: number;
                        }[];
                        exige_nfce?: boolean;
                        id_campanha?: number;
                        limite_cupons_mes?: number | null;
                        limite_valor_dia?: number | null;
                        limite_vendas_dia_loja?: number | null;
                        link?: string;
                        pct_entidade?: number;
                        validade_fim?: string;
                        validade_ini?: string;
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
                        "application/json": {
                            banner: string;
                            cod_cidade: number;
                            den_campanha: string;
                            estabelecimentos: {
                                fator_cashback: number;
                                fator_sorteio: number;
                                id_campanha: number;
                                id_estabelecimento: number;
                                nome: string;
                            }[];
                            exige_nfce: boolean;
                            id_campanha: number;
                            limite_cupons_mes: number | null;
                            limite_valor_dia: number | null;
                            limite_vendas_dia_loja: number | null;
                            link: string;
                            pct_entidade: number;
                            validade_fim: string;
                            validade_ini: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/campanhas/{id}/cupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cupons da campanha por número, com venda, estabelecimento e participante; total em X-Total-Count, contado até 10000. formato=csv|xlsx: todos num arquivo (202 com id_exportacao quando grande) */
        get: {
            parameters: {
                query?: {
                    formato?: "csv" | "xlsx";
                    limite?: number;
                    pagina?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            codigo: string;
                            dat_emissao: string;
                            id_estabelecimento: number;
                            id_sorteio: number;
                            id_usuario: number;
                            id_venda: number;
                            nome_estabelecimento: string;
                            nome_usuario: string;
                            numero: number;
                            numero_venda: string;
                            serie: number;
                            /** @enum {string} */
                            situacao: "valido" | "anulado" | "sorteado";
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/campanhas/estabelecimentos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estabelecimentos do editor da campanha (id_campanha > 0 nos participantes); id 0: campanha nova da cidade ?cod_cidade */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    formato?: "csv" | "xlsx";
                };
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            fator_cashback: number;
                            fator_sorteio: number;
                            id_campanha: number;
                            id_estabelecimento: number;
                            nome: string;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            error: string;
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
    "/v1/adm/categorias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Categorias de estabelecimento */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            categoria: string;
                            id_categoria: number;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/cidades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cidades que o administrador gere (todas para o superadmin) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            cidade: string;
                            cod_cidade: number;
                            uf: string;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/cidades/{cod_cidade}/promotor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Promotor das apurações da cidade (nome e CNPJ, que o edital e a ata mostram): o administrador da cidade e o superadmin */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cod_cidade: number;
                };
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
                        "application/json": {
                            cidade: string;
                            cod_cidade: number;
                            promotor_cnpj: string | null;
                            promotor_nome: string | null;
                            uf: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
        /** Define o promotor das apurações da cidade (nome e CNPJ numérico ou alfanumérico): só o superadmin */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cod_cidade: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        promotor_cnpj: string;
                        promotor_nome: string;
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
                        "application/json": {
                            cidade: string;
                            cod_cidade: number;
                            promotor_cnpj: string | null;
                            promotor_nome: string | null;
                            uf: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/contemplados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contemplados das campanhas da cidade, sorteio mais recente primeiro (q: nome do contemplado ou campanha); total em X-Total-Count */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    formato?: "csv" | "xlsx";
                    id_campanha?: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            anulado_em: string | null;
                            banner: string;
                            dat_venda: string | null;
                            data_sorteio: string;
                            data_venda: string | null;
                            den_campanha: string;
                            endereco: string;
                            entregue_em: string | null;
                            fotos: string[];
                            id_apuracao: number | null;
                            id_campanha: number;
                            id_estabelecimento: number | null;
                            id_sorteado: number;
                            id_sorteio: number | null;
                            id_usuario: number | null;
                            id_vendedor: number;
                            images: {
                                url_foto: string;
                            }[];
                            motivo_anulacao: string | null;
                            nom_estabelecimento: string;
                            nom_vendedor: string;
                            nome: string;
                            nome_sorteado: string;
                            nome_vendedor: string;
                            numero: string;
                            numero_venda: string | null;
                            valor_venda: number | null;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Registrar um contemplado; com id_sorteio (número do cupom na campanha) participante, loja e venda vêm do cupom, que sai dos próximos sorteios */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data_sorteio?: string;
                        fotos?: (string | {
                            url_foto: string;
                        })[];
                        id_campanha?: number;
                        id_estabelecimento?: number | null;
                        id_sorteado?: number;
                        id_sorteio?: number | null;
                        id_usuario?: number | null;
                        id_vendedor?: number;
                        images?: (string | {
                            url_foto: string;
                        })[];
                        nome_sorteado?: string;
                        nome_vendedor?: string;
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
                        "application/json": {
                            anulado_em: string | null;
                            banner: string;
                            dat_venda: string | null;
                            data_sorteio: string;
                            data_venda: string | null;
                            den_campanha: string;
                            endereco: string;
                            entregue_em: string | null;
                            fotos: string[];
                            id_apuracao: number | null;
                            id_campanha: number;
                            id_estabelecimento: number | null;
                            id_sorteado: number;
                            id_sorteio: number | null;
                            id_usuario: number | null;
                            id_vendedor: number;
                            images: {
                                url_foto: string;
                            }[];
                            motivo_anulacao: string | null;
                            nom_estabelecimento: string;
                            nom_vendedor: string;
                            nome: string;
                            nome_sorteado: string;
                            nome_vendedor: string;
                            numero: string;
                            numero_venda: string | null;
                            valor_venda: number | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/contemplados/{id_sorteado}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um contemplado, numa lista de um item (o cliente usa o primeiro, spec §7) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_sorteado: number;
                };
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
                        "application/json": {
                            anulado_em: string | null;
                            banner: string;
                            dat_venda: string | null;
                            data_sorteio: string;
                            data_venda: string | null;
                            den_campanha: string;
                            endereco: string;
                            entregue_em: string | null;
                            fotos: string[];
                            id_apuracao: number | null;
                            id_campanha: number;
                            id_estabelecimento: number | null;
                            id_sorteado: number;
                            id_sorteio: number | null;
                            id_usuario: number | null;
                            id_vendedor: number;
                            images: {
                                url_foto: string;
                            }[];
                            motivo_anulacao: string | null;
                            nom_estabelecimento: string;
                            nom_vendedor: string;
                            nome: string;
                            nome_sorteado: string;
                            nome_vendedor: string;
                            numero: string;
                            numero_venda: string | null;
                            valor_venda: number | null;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Excluir um contemplado registrado à mão e suas fotos (um cupom vinculado volta aos sorteios); o de um sorteio ou apuração não se exclui (409): anula-se */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_sorteado: number;
                };
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
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Alterar um contemplado (só o que for enviado; fotos, se enviado, é a lista inteira) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_sorteado: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        data_sorteio?: string;
                        fotos?: (string | {
                            url_foto: string;
                        })[];
                        id_campanha?: number;
                        id_estabelecimento?: number | null;
                        id_sorteado?: number;
                        id_sorteio?: number | null;
                        id_usuario?: number | null;
                        id_vendedor?: number;
                        images?: (string | {
                            url_foto: string;
                        })[];
                        nome_sorteado?: string;
                        nome_vendedor?: string;
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
                        "application/json": {
                            anulado_em: string | null;
                            banner: string;
                            dat_venda: string | null;
                            data_sorteio: string;
                            data_venda: string | null;
                            den_campanha: string;
                            endereco: string;
                            entregue_em: string | null;
                            fotos: string[];
                            id_apuracao: number | null;
                            id_campanha: number;
                            id_estabelecimento: number | null;
                            id_sorteado: number;
                            id_sorteio: number | null;
                            id_usuario: number | null;
                            id_vendedor: number;
                            images: {
                                url_foto: string;
                            }[];
                            motivo_anulacao: string | null;
                            nom_estabelecimento: string;
                            nom_vendedor: string;
                            nome: string;
                            nome_sorteado: string;
                            nome_vendedor: string;
                            numero: string;
                            numero_venda: string | null;
                            valor_venda: number | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/contemplados/{id_sorteado}/anulacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Anular um contemplado (inalcançável, inelegível) com o motivo, que fica público junto ao sorteio; o cupom continua sorteado */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_sorteado: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        motivo: string;
                        /**
                         * @default nao_localizado
                         * @enum {string}
                         */
                        tipo?: "nao_localizado" | "titular_inelegivel" | "venda_anulada";
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
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/contemplados/{id_sorteado}/entrega": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marcar o prêmio de um contemplado como entregue (a primeira data fica; anulado: 409) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_sorteado: number;
                };
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
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/contestacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contestações dos moradores nos estabelecimentos da cidade, mais recentes primeiro */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
                    formato?: "csv" | "xlsx";
                    status?: "aberta" | "aceita" | "recusada";
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
                        "application/json": {
                            automatica: boolean;
                            cod_cidade: number;
                            criada_em: string;
                            dat_venda: string;
                            decidida_em: string | null;
                            historico: {
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                status: "aberta" | "aceita" | "recusada";
                            }[];
                            id_contestacao: number;
                            id_estabelecimento: number;
                            id_usuario: number;
                            id_venda: number | null;
                            imagem: string | null;
                            motivo: string | null;
                            nome_estabelecimento: string;
                            nome_usuario: string;
                            numero_venda: string;
                            /** @enum {string} */
                            status: "aberta" | "aceita" | "recusada";
                            /** @enum {string} */
                            tipo: "nao_reconheco" | "nao_registrada";
                            valor_venda: number;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/contestacoes/{id_contestacao}/decisao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Aceitar ou recusar uma contestação aberta (409 se já decidida): aceitar 'nao_reconheco' anula a venda e seus cupons; aceitar 'nao_registrada' registra a venda para o morador */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_contestacao: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        decisao: "aceita" | "recusada";
                        motivo: string;
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
                        "application/json": {
                            automatica: boolean;
                            cod_cidade: number;
                            criada_em: string;
                            dat_venda: string;
                            decidida_em: string | null;
                            historico: {
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                status: "aberta" | "aceita" | "recusada";
                            }[];
                            id_contestacao: number;
                            id_estabelecimento: number;
                            id_usuario: number;
                            id_venda: number | null;
                            imagem: string | null;
                            motivo: string | null;
                            nome_estabelecimento: string;
                            nome_usuario: string;
                            numero_venda: string;
                            /** @enum {string} */
                            status: "aberta" | "aceita" | "recusada";
                            /** @enum {string} */
                            tipo: "nao_reconheco" | "nao_registrada";
                            valor_venda: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/cpf-comprovacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Comprovações de CPF dos moradores da cidade, mais recentes primeiro, com o CPF mascarado e links das fotos válidos por 10 minutos; total em X-Total-Count */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    limite?: number;
                    pagina?: number;
                    status?: "aberta" | "aprovada" | "recusada";
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
                        "application/json": {
                            cod_cidade: number;
                            cpf: string;
                            criado_em: string;
                            decidido_em: string | null;
                            decidido_por: number | null;
                            id_comprovacao: number;
                            id_usuario: number;
                            links_expiram_em: string | null;
                            motivo: string | null;
                            nome_usuario: string;
                            /** @enum {string} */
                            status: "aberta" | "aprovada" | "recusada";
                            url_imagem: string | null;
                            url_selfie: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/cpf-comprovacoes/{id_comprovacao}/decisao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Aprovar (o CPF fica comprovado e as vendas que esperavam por ele são creditadas) ou recusar uma comprovação de CPF aberta, com o motivo; 409 se já decidida; 429 passado o limite diário de aprovações (CPF_APROVACOES_DIA) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_comprovacao: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        decisao: "aprovada" | "recusada";
                        motivo: string;
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
                        "application/json": {
                            cod_cidade: number;
                            cpf: string;
                            criado_em: string;
                            decidido_em: string | null;
                            decidido_por: number | null;
                            id_comprovacao: number;
                            id_usuario: number;
                            links_expiram_em: string | null;
                            motivo: string | null;
                            nome_usuario: string;
                            /** @enum {string} */
                            status: "aberta" | "aprovada" | "recusada";
                            url_imagem: string | null;
                            url_selfie: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/adm/cpf-comprovacoes/{id_comprovacao}/fotos/{foto}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma foto de uma comprovação de CPF (PNG, nunca em cache) pelo link assinado que a lista deu a um administrador da cidade; cada visualização fica na auditoria; 403 com link expirado */
        get: {
            parameters: {
                query: {
                    assinatura: string;
                    expira: number;
                    por: number;
                };
                header?: never;
                path: {
                    foto: "imagem" | "selfie";
                    id_comprovacao: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Painel da cidade (?cod_cidade, ou codcidade): números, campanhas em andamento ou por vir e vendas por ano e estabelecimento */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
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
                        "application/json": {
                            campanhas: {
                                banner: string;
                                cod_cidade: number;
                                den_campanha: string;
                                exige_nfce: boolean;
                                id_campanha: number;
                                limite_cupons_mes: number | null;
                                limite_valor_dia: number | null;
                                limite_vendas_dia_loja: number | null;
                                link: string;
                                pct_entidade: number;
                                validade_fim: string;
                                validade_ini: string;
                            }[];
                            estatisticas: {
                                num_ativos: number;
                                num_campanha: number;
                                num_empresa: number;
                                num_participantes: number;
                                num_usuarios: number;
                                num_vendas: number;
                                online: number;
                                sum_vendas: number;
                            };
                            vendas: {
                                ano: number;
                                id_estabelecimento: number;
                                nom_estabelecimento: string;
                                nro_cupons: number;
                                nro_vendas: number;
                                ticket_medio: number;
                                total_venda: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/dashboard/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Gráficos do painel (?cod_cidade, de, ate, id_campanha): vendas e cupons por dia, novos participantes por semana, os 10 estabelecimentos que mais venderam e o andamento da campanha */
        get: {
            parameters: {
                query?: {
                    ate?: string;
                    cod_cidade?: number;
                    codcidade?: number;
                    de?: string;
                    id_campanha?: number;
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
                        "application/json": {
                            ate: string;
                            de: string;
                            id_campanha: number | null;
                            participantes_por_semana: {
                                num_participantes: number;
                                semana: string;
                            }[];
                            progresso_campanha: {
                                apuracoes_agendadas: number;
                                apuracoes_apuradas: number;
                                cupons_emitidos: number;
                                den_campanha: string;
                                id_campanha: number;
                                validade_fim: string;
                                validade_ini: string;
                            } | null;
                            top_estabelecimentos: {
                                id_estabelecimento: number;
                                nom_estabelecimento: string;
                                num_cupons: number;
                                num_vendas: number;
                                sum_vendas: number;
                            }[];
                            vendas_por_dia: {
                                dia: string;
                                num_cupons: number;
                                num_vendas: number;
                                sum_vendas: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/dashboard/vendas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cartões de vendas por estabelecimento de um ano do painel, por página (os primeiros já vêm no painel) */
        get: {
            parameters: {
                query: {
                    ano: number;
                    cod_cidade?: number;
                    codcidade?: number;
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
                        "application/json": {
                            ano: number;
                            itens: {
                                ano: number;
                                id_estabelecimento: number;
                                nom_estabelecimento: string;
                                nro_cupons: number;
                                nro_vendas: number;
                                ticket_medio: number;
                                total_venda: number;
                            }[];
                            limite: number;
                            pagina: number;
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/entidades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entidades sociais da cidade para editar (a do administrador, se não informada), com o e-mail da conta de cada uma */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
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
                        "application/json": {
                            atualizado_em: string;
                            causa: string;
                            cnpj: string;
                            cod_cidade: number;
                            contato: string;
                            email: string;
                            id_entidade: number;
                            logo: string;
                            nome: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Cadastra uma entidade social da cidade e a conta dela (o e-mail recebe o link para definir a senha); CNPJ repetido na cidade ou e-mail em uso: 409 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        causa: string;
                        cnpj: string;
                        cod_cidade: number;
                        /** @default  */
                        contato?: string;
                        email: string;
                        /** @default  */
                        logo?: string;
                        nome: string;
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
                        "application/json": {
                            id_entidade: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/entidades/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Altera os campos enviados de uma entidade (nome, CNPJ, causa, logotipo, contato), validados como no cadastro; CNPJ de outra entidade da cidade: 409 */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        causa?: string;
                        cnpj?: string;
                        contato?: string;
                        logo?: string;
                        nome?: string;
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
                        "application/json": {
                            atualizado_em: string;
                            causa: string;
                            cnpj: string;
                            cod_cidade: number;
                            contato: string;
                            email: string;
                            id_entidade: number;
                            logo: string;
                            nome: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/estabelecimentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estabelecimentos da cidade por nome (q: id ou parte do nome); total em X-Total-Count. O super-administrador escolhe a cidade (cod_cidade ou codcidade); os demais, a sua. */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    formato?: "csv" | "xlsx";
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cnpj: string;
                            cnpjs: string[];
                            cod_cidade: number;
                            complemento: string;
                            contestacoes_aceitas: number;
                            endereco: string;
                            id_campanha_def: number | null;
                            id_categoria: number | null;
                            id_cupom: number | null;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ies_campanha: "S" | "N";
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vl_min_pedido: number;
                            vl_taxa_entrega: number;
                            whatsup: string;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Criar um estabelecimento (somente o super-administrador); `cnpjs`: os CNPJs das notas fiscais da loja, com o `cnpj`; um CNPJ de outra loja é 409 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bairro?: string;
                        cep?: string;
                        cidade?: string;
                        cnpj?: string;
                        cnpjs?: string[];
                        cod_cidade?: number;
                        complemento?: string;
                        endereco?: string;
                        id_campanha_def?: number | null;
                        id_categoria?: number | null;
                        id_cupom?: number | null;
                        id_estabelecimento?: number;
                        /** @enum {string} */
                        ies_campanha?: "S" | "N";
                        /** @enum {string} */
                        ind_ativo?: "S" | "N";
                        latitude?: number | null;
                        longitude?: number | null;
                        nome?: string;
                        site?: string;
                        telefone?: string;
                        uf?: string;
                        url_foto?: string;
                        url_logo?: string;
                        vendedores?: {
                            id_vendedor?: number;
                            nome_vendedor: string;
                        }[];
                        vl_min_pedido?: number;
                        vl_taxa_entrega?: number;
                        whatsup?: string;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            campanhas: {
                                den_campanha: string;
                                fator_cashback: number;
                                fator_sorteio: number;
                                id_campanha: number;
                                validade_fim: string;
                                validade_ini: string;
                            }[];
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cnpj: string;
                            cnpjs: string[];
                            cod_cidade: number;
                            complemento: string;
                            contestacoes_aceitas: number;
                            endereco: string;
                            id_campanha_def: number | null;
                            id_categoria: number | null;
                            id_cupom: number | null;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ies_campanha: "S" | "N";
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            vl_min_pedido: number;
                            vl_taxa_entrega: number;
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/estabelecimentos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um estabelecimento com seus vendedores e campanhas */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            campanhas: {
                                den_campanha: string;
                                fator_cashback: number;
                                fator_sorteio: number;
                                id_campanha: number;
                                validade_fim: string;
                                validade_ini: string;
                            }[];
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cnpj: string;
                            cnpjs: string[];
                            cod_cidade: number;
                            complemento: string;
                            contestacoes_aceitas: number;
                            endereco: string;
                            id_campanha_def: number | null;
                            id_categoria: number | null;
                            id_cupom: number | null;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ies_campanha: "S" | "N";
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            vl_min_pedido: number;
                            vl_taxa_entrega: number;
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Excluir um estabelecimento sem vendas nem cupons (somente o super-administrador) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Alterar os campos enviados; categoria, cidade, situação e fotos só pelo super-administrador. `vendedores`, quando enviado, é a lista completa; `cnpjs` também (um `cnpj` novo entra no lugar do antigo). 409: CNPJ de outra loja, ou o último CNPJ de uma loja em campanha que exige NFC-e */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bairro?: string;
                        cep?: string;
                        cidade?: string;
                        cnpj?: string;
                        cnpjs?: string[];
                        cod_cidade?: number;
                        complemento?: string;
                        endereco?: string;
                        id_campanha_def?: number | null;
                        id_categoria?: number | null;
                        id_cupom?: number | null;
                        id_estabelecimento?: number;
                        /** @enum {string} */
                        ies_campanha?: "S" | "N";
                        /** @enum {string} */
                        ind_ativo?: "S" | "N";
                        latitude?: number | null;
                        longitude?: number | null;
                        nome?: string;
                        site?: string;
                        telefone?: string;
                        uf?: string;
                        url_foto?: string;
                        url_logo?: string;
                        vendedores?: {
                            id_vendedor?: number;
                            nome_vendedor: string;
                        }[];
                        vl_min_pedido?: number;
                        vl_taxa_entrega?: number;
                        whatsup?: string;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            campanhas: {
                                den_campanha: string;
                                fator_cashback: number;
                                fator_sorteio: number;
                                id_campanha: number;
                                validade_fim: string;
                                validade_ini: string;
                            }[];
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cnpj: string;
                            cnpjs: string[];
                            cod_cidade: number;
                            complemento: string;
                            contestacoes_aceitas: number;
                            endereco: string;
                            id_campanha_def: number | null;
                            id_categoria: number | null;
                            id_cupom: number | null;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ies_campanha: "S" | "N";
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            vl_min_pedido: number;
                            vl_taxa_entrega: number;
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/estabelecimentos/{id}/vendedores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendedores do estabelecimento por nome (sem 'Sem Vendedor') */
        get: {
            parameters: {
                query?: {
                    formato?: "csv" | "xlsx";
                };
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Adicionar um vendedor; 200 com o existente quando o nome já está na lista */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nome_vendedor: string;
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
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/estabelecimentos/{id}/vendedores/{id_vendedor}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remover um vendedor; suas vendas passadas ficam como 'Sem Vendedor' */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    id_vendedor: number;
                };
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
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Renomear um vendedor */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    id_vendedor: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nome_vendedor: string;
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
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/estabelecimentos/avaliacao/aprovar/{id_avaliacao}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Aprovar (ies_aprovacao S, com resposta opcional) ou desaprovar (N) uma avaliação */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_avaliacao: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        den_resposta?: string;
                        /**
                         * @default S
                         * @enum {string}
                         */
                        ies_aprovacao?: "S" | "N";
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
                        "application/json": {
                            /** @enum {string} */
                            aprovado: "S" | "N";
                            datahora: string;
                            den_avaliacao: string;
                            den_resposta: string;
                            id_avaliacao: number;
                            id_estabelecimento: number;
                            nome_estabelecimento: string;
                            nomeusuario: string;
                            nro_estrelas: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        /** Excluir uma avaliação */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_avaliacao: number;
                };
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/adm/exportacoes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Situação de uma exportação grande (pendente, rodando, pronta, falha, expirada), linhas escritas e progresso; url do arquivo quando pronta */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            concluida_em: string | null;
                            criada_em: string;
                            erro: string | null;
                            expira_em: string | null;
                            /** @enum {string} */
                            formato: "csv" | "xlsx";
                            id_exportacao: number;
                            linhas: number;
                            lista: string;
                            nome_arquivo: string;
                            progresso: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
                            total: number;
                            url: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/exportacoes/{id}/arquivo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O arquivo de uma exportação pronta (CSV ou XLSX; 409 ainda não pronta, 410 expirada ou falhou) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/adm/importacoes/estabelecimentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Importar estabelecimentos (com vendedores e campanhas) de um arquivo CSV (; ou ,) ou XLSX enviado como multipart/form-data (um campo de arquivo; cod_cidade na consulta ou no formulário). modo=previa (padrão) mostra as primeiras linhas como serão gravadas e os erros de cada linha ({linha, coluna, mensagem}); modo=tudo grava todas as linhas numa transação ou nenhuma (422 com os erros); modo=validas grava as válidas e informa as demais. O modelo está em …/modelo */
        post: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    modo?: "previa" | "tudo" | "validas";
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
                        "application/json": {
                            arquivo: string;
                            cod_cidade: number;
                            colunas: string[];
                            colunas_ignoradas: string[];
                            erros: {
                                coluna: string;
                                linha: number;
                                mensagem: string;
                            }[];
                            erros_omitidos: number;
                            /** @enum {string} */
                            formato: "csv" | "xlsx";
                            ids: number[];
                            importadas: number;
                            invalidas: number;
                            linhas: {
                                dados: {
                                    [key: string]: unknown;
                                };
                                linha: number;
                                valida: boolean;
                            }[];
                            /** @enum {string} */
                            modo: "previa" | "tudo" | "validas";
                            total: number;
                            validas: number;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            arquivo: string;
                            cod_cidade: number;
                            colunas: string[];
                            colunas_ignoradas: string[];
                            erros: {
                                coluna: string;
                                linha: number;
                                mensagem: string;
                            }[];
                            erros_omitidos: number;
                            /** @enum {string} */
                            formato: "csv" | "xlsx";
                            ids: number[];
                            importadas: number;
                            invalidas: number;
                            linhas: {
                                dados: {
                                    [key: string]: unknown;
                                };
                                linha: number;
                                valida: boolean;
                            }[];
                            /** @enum {string} */
                            modo: "previa" | "tudo" | "validas";
                            total: number;
                            validas: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            arquivo: string;
                            cod_cidade: number;
                            colunas: string[];
                            colunas_ignoradas: string[];
                            erro: string;
                            erros: {
                                coluna: string;
                                linha: number;
                                mensagem: string;
                            }[];
                            erros_omitidos: number;
                            /** @enum {string} */
                            formato: "csv" | "xlsx";
                            ids: number[];
                            importadas: number;
                            invalidas: number;
                            linhas: {
                                dados: {
                                    [key: string]: unknown;
                                };
                                linha: number;
                                valida: boolean;
                            }[];
                            /** @enum {string} */
                            modo: "previa" | "tudo" | "validas";
                            total: number;
                            validas: number;
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
    "/v1/adm/importacoes/estabelecimentos/modelo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Modelo do arquivo de importação de estabelecimentos (com vendedores e campanhas): a linha das colunas e uma linha de exemplo (csv ou xlsx) */
        get: {
            parameters: {
                query?: {
                    formato?: "csv" | "xlsx";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/importacoes/turismo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Importar itens de turismo de um arquivo CSV (; ou ,) ou XLSX enviado como multipart/form-data (um campo de arquivo; cod_cidade na consulta ou no formulário). modo=previa (padrão) mostra as primeiras linhas como serão gravadas e os erros de cada linha ({linha, coluna, mensagem}); modo=tudo grava todas as linhas numa transação ou nenhuma (422 com os erros); modo=validas grava as válidas e informa as demais. O modelo está em …/modelo */
        post: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    modo?: "previa" | "tudo" | "validas";
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
                        "application/json": {
                            arquivo: string;
                            cod_cidade: number;
                            colunas: string[];
                            colunas_ignoradas: string[];
                            erros: {
                                coluna: string;
                                linha: number;
                                mensagem: string;
                            }[];
                            erros_omitidos: number;
                            /** @enum {string} */
                            formato: "csv" | "xlsx";
                            ids: number[];
                            importadas: number;
                            invalidas: number;
                            linhas: {
                                dados: {
                                    [key: string]: unknown;
                                };
                                linha: number;
                                valida: boolean;
                            }[];
                            /** @enum {string} */
                            modo: "previa" | "tudo" | "validas";
                            total: number;
                            validas: number;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            arquivo: string;
                            cod_cidade: number;
                            colunas: string[];
                            colunas_ignoradas: string[];
                            erros: {
                                coluna: string;
                                linha: number;
                                mensagem: string;
                            }[];
                            erros_omitidos: number;
                            /** @enum {string} */
                            formato: "csv" | "xlsx";
                            ids: number[];
                            importadas: number;
                            invalidas: number;
                            linhas: {
                                dados: {
                                    [key: string]: unknown;
                                };
                                linha: number;
                                valida: boolean;
                            }[];
                            /** @enum {string} */
                            modo: "previa" | "tudo" | "validas";
                            total: number;
                            validas: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            arquivo: string;
                            cod_cidade: number;
                            colunas: string[];
                            colunas_ignoradas: string[];
                            erro: string;
                            erros: {
                                coluna: string;
                                linha: number;
                                mensagem: string;
                            }[];
                            erros_omitidos: number;
                            /** @enum {string} */
                            formato: "csv" | "xlsx";
                            ids: number[];
                            importadas: number;
                            invalidas: number;
                            linhas: {
                                dados: {
                                    [key: string]: unknown;
                                };
                                linha: number;
                                valida: boolean;
                            }[];
                            /** @enum {string} */
                            modo: "previa" | "tudo" | "validas";
                            total: number;
                            validas: number;
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
    "/v1/adm/importacoes/turismo/modelo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Modelo do arquivo de importação de itens de turismo: a linha das colunas e uma linha de exemplo (csv ou xlsx) */
        get: {
            parameters: {
                query?: {
                    formato?: "csv" | "xlsx";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/notificacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enviar uma notificação (p: N todos da cidade, P parceiros, I eu; push: A, P ou I): grava uma linha por pessoa, enfileira o Web Push (enviado em segundo plano) e responde 202 com as contagens */
        post: {
            parameters: {
                query: {
                    p: "N" | "P" | "I";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        body: string;
                        cod_cidade: number;
                        /** @default  */
                        image?: string;
                        /** @enum {string} */
                        push?: "A" | "P" | "I";
                        title: string;
                        /**
                         * @default M
                         * @enum {string}
                         */
                        type?: "M";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            destinatarios: number;
                            enviadas: number;
                            falhas: number;
                            id_notificacao: number;
                            /** @default 0 */
                            pendentes: number;
                            removidas: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/notificacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** As últimas notificações da cidade e o andamento do envio push de cada uma (total, enviadas, falhas, pendentes) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            criado_em: string;
                            /** @enum {string} */
                            destino: "N" | "P" | "I";
                            enviadas: number;
                            falhas: number;
                            id_notificacao: number;
                            pendentes: number;
                            removidas: number;
                            title: string;
                            total: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/promocoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Promoções dos estabelecimentos da cidade, início mais recente primeiro (q: id, nome do estabelecimento ou código do produto); total em X-Total-Count */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            cod_produto: string;
                            dat_final: string;
                            dat_inicio: string;
                            id_estabelecimento: number;
                            id_promocao: number;
                            /** @enum {string} */
                            ies_pago: "S" | "N";
                            imagem: string;
                            linkproduto: string;
                            nomeestabelecimento: string;
                            plano_dias: number;
                            porc_desconto: number;
                            regra: string;
                            val_desconto: number;
                            val_minimo: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Criar uma promoção; dat_final = dat_inicio + dias do plano − 1, sempre calculada pelo servidor (plano_dias, ou o plano deduzido de dat_inicio e dat_final); só o super-administrador marca ies_pago */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cod_produto?: string;
                        dat_final?: string;
                        dat_inicio?: string;
                        id_estabelecimento?: number;
                        id_promocao?: number;
                        /** @enum {string} */
                        ies_pago?: "S" | "N";
                        imagem?: string;
                        linkproduto?: string;
                        plano_dias?: number;
                        porc_desconto?: number;
                        regra?: string;
                        val_desconto?: number;
                        val_minimo?: number;
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
                        "application/json": {
                            cod_produto: string;
                            dat_final: string;
                            dat_inicio: string;
                            id_estabelecimento: number;
                            id_promocao: number;
                            /** @enum {string} */
                            ies_pago: "S" | "N";
                            imagem: string;
                            linkproduto: string;
                            nomeestabelecimento: string;
                            plano_dias: number;
                            porc_desconto: number;
                            regra: string;
                            val_desconto: number;
                            val_minimo: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/promocoes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma promoção */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            cod_produto: string;
                            dat_final: string;
                            dat_inicio: string;
                            id_estabelecimento: number;
                            id_promocao: number;
                            /** @enum {string} */
                            ies_pago: "S" | "N";
                            imagem: string;
                            linkproduto: string;
                            nomeestabelecimento: string;
                            plano_dias: number;
                            porc_desconto: number;
                            regra: string;
                            val_desconto: number;
                            val_minimo: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Excluir uma promoção */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Alterar uma promoção (só o que for enviado; sem plano_dias, o plano vem do intervalo de datas enviado); dat_final recalculada */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cod_produto?: string;
                        dat_final?: string;
                        dat_inicio?: string;
                        id_estabelecimento?: number;
                        id_promocao?: number;
                        /** @enum {string} */
                        ies_pago?: "S" | "N";
                        imagem?: string;
                        linkproduto?: string;
                        plano_dias?: number;
                        porc_desconto?: number;
                        regra?: string;
                        val_desconto?: number;
                        val_minimo?: number;
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
                        "application/json": {
                            cod_produto: string;
                            dat_final: string;
                            dat_inicio: string;
                            id_estabelecimento: number;
                            id_promocao: number;
                            /** @enum {string} */
                            ies_pago: "S" | "N";
                            imagem: string;
                            linkproduto: string;
                            nomeestabelecimento: string;
                            plano_dias: number;
                            porc_desconto: number;
                            regra: string;
                            val_desconto: number;
                            val_minimo: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/recibos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notas fiscais enviadas pelos moradores nas lojas da cidade, mais recentes primeiro (filtros status, id_estabelecimento); total em X-Total-Count. formato=csv|xlsx: todas as linhas filtradas num arquivo (202 com id_exportacao quando grande) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
                    formato?: "csv" | "xlsx";
                    id_estabelecimento?: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
                    status?: "pendente" | "creditado" | "expirado" | "doado" | "contestado" | "sem_comprador" | "cancelado";
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
                        "application/json": {
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
                            status: "pendente" | "creditado" | "expirado" | "doado" | "contestado" | "sem_comprador" | "cancelado";
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
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/sorteio/{id_campanha}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sortear um cupom elegível da campanha e registrar o contemplado (mloja/musuario=N excluem lojas/participantes já contemplados; abertura: usa e revela a semente do servidor cujo hash a abertura publicou; semente: sorteio auditável, mantido por compatibilidade) */
        get: {
            parameters: {
                query?: {
                    abertura?: number;
                    cod_cidade?: number;
                    mloja?: "S" | "N";
                    musuario?: "S" | "N";
                    semente?: string;
                };
                header?: never;
                path: {
                    id_campanha: number;
                };
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
                        "application/json": {
                            codigo: string;
                            data_sorteio: string;
                            den_campanha: string;
                            hash_lista: string | null;
                            /** @default null */
                            hash_semente: string | null;
                            /** @default null */
                            id_abertura: number | null;
                            id_campanha: number;
                            id_estabelecimento: number;
                            id_registro: number;
                            id_sorteio: number;
                            id_usuario: number;
                            idsorteado: number;
                            nom_estabecimento: string;
                            nom_usuario: string;
                            posicao: number;
                            qtd_elegiveis: number;
                            semente: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/adm/sorteio/{id_campanha}/abertura": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Abrir o sorteio: gera a semente do servidor e publica o seu SHA-256 antes do sorteio (a semente só é revelada pelo sorteio que usar esta abertura) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_campanha: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            aberto_em: string;
                            hash_semente: string;
                            id_abertura: number;
                            id_campanha: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/sorteio/{id_campanha}/faixa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Faixa de cupons emitidos da campanha (primeiro e último por série-número, e quantos), para a animação do sorteio */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_campanha: number;
                };
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
                        "application/json": {
                            id_campanha: number;
                            primeiro: string | null;
                            qtd_cupons: number;
                            ultimo: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/sorteios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registros dos sorteios de uma campanha, mais recentes primeiro */
        get: {
            parameters: {
                query: {
                    id_campanha: number;
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
                        "application/json": {
                            anulado: boolean;
                            anulado_em: string | null;
                            bilhetes: string | null;
                            cod_cidade: number;
                            codigo: string;
                            den_campanha: string;
                            hash_lista: string | null;
                            /** @default null */
                            hash_semente: string | null;
                            /** @default null */
                            id_abertura: number | null;
                            id_campanha: number;
                            id_registro: number;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            motivo_anulacao: string | null;
                            /** @enum {string} */
                            musuario: "S" | "N";
                            nom_estabelecimento: string;
                            participante: string;
                            posicao: number;
                            qtd_elegiveis: number;
                            realizado_em: string;
                            semente: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/turismo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Itens de turismo da cidade (tipo 0–4 opcional), ativos ou não, mais recentes primeiro (q: id ou parte da descrição); total em X-Total-Count */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
                    tipo?: number;
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
                        "application/json": {
                            cod_cidade: number;
                            descricao: string;
                            id_turismo: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            tipo: number;
                            url_foto: string;
                            url_site: string;
                            validade_ate: string | null;
                            validadeate: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Criar um item de turismo (descrição e tipo obrigatórios; validade em validadeate ou validade_ate, vazia = sem prazo) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cod_cidade?: number;
                        descricao?: string;
                        id_turismo?: number;
                        /** @enum {string} */
                        ind_ativo?: "S" | "N";
                        latitude?: number | null;
                        longitude?: number | null;
                        tipo?: number;
                        url_foto?: string;
                        url_site?: string;
                        validade_ate?: string | null;
                        validadeate?: string | null;
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
                        "application/json": {
                            cod_cidade: number;
                            descricao: string;
                            id_turismo: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            tipo: number;
                            url_foto: string;
                            url_site: string;
                            validade_ate: string | null;
                            validadeate: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/adm/turismo/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um item de turismo */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            cod_cidade: number;
                            descricao: string;
                            id_turismo: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            tipo: number;
                            url_foto: string;
                            url_site: string;
                            validade_ate: string | null;
                            validadeate: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Excluir um item de turismo */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Alterar um item de turismo (só o que for enviado) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cod_cidade?: number;
                        descricao?: string;
                        id_turismo?: number;
                        /** @enum {string} */
                        ind_ativo?: "S" | "N";
                        latitude?: number | null;
                        longitude?: number | null;
                        tipo?: number;
                        url_foto?: string;
                        url_site?: string;
                        validade_ate?: string | null;
                        validadeate?: string | null;
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
                        "application/json": {
                            cod_cidade: number;
                            descricao: string;
                            id_turismo: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            tipo: number;
                            url_foto: string;
                            url_site: string;
                            validade_ate: string | null;
                            validadeate: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/adm/usuarios/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Login do administrador (admin ou superadmin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        altcha?: string;
                        email: string;
                        senha: string;
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
                        "application/json": {
                            admin: boolean;
                            cidade: string;
                            cod_cidade: number;
                            email: string;
                            estabelecimentos: {
                                [key: string]: string;
                            };
                            id_usuario: number;
                            nome: string;
                            parceiro: boolean;
                            superadmin: boolean;
                            token: string;
                            uf: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                428: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/adm/usuarios/trocasenha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Troca a senha (qualquer usuário logado): e-mail próprio, senha atual e nova; encerra todas as sessões, inclusive a desta chamada, e responde o token de uma nova */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        novasenha: string;
                        senha: string;
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            token: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/adm/vendas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendas da cidade, última registrada primeiro (filtros id_campanha, id_estabelecimento, de, ate: dia da venda); total em X-Total-Count, contado até 10000 (X-Total-Count-Exact: false quando há mais). formato=csv|xlsx: todas as linhas filtradas num arquivo (202 com id_exportacao quando grande) */
        get: {
            parameters: {
                query?: {
                    ate?: string;
                    cod_cidade?: number;
                    codcidade?: number;
                    de?: string;
                    formato?: "csv" | "xlsx";
                    id_campanha?: number;
                    id_estabelecimento?: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            cashback: number;
                            chave_nfce: string | null;
                            confirmada_recibo: boolean;
                            cpf?: string;
                            cpf_motivo?: string;
                            cupons: number;
                            dat_venda: string;
                            den_campanha: string;
                            id_campanha: number;
                            id_estabelecimento: number;
                            id_usuario: number;
                            id_venda: number;
                            id_vendedor: number;
                            nome_estabelecimento: string;
                            nome_vendedor: string;
                            nomeusuarios: string;
                            numero_venda: string;
                            pendente: boolean;
                            pendente_cpf?: boolean;
                            pontos: number;
                            sem_comprador?: boolean;
                            valor_venda: number;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/apuracoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Apurações e sorteios da cidade, mais recentes primeiro (registro público) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            concurso: number | null;
                            data: string;
                            den_campanha: string;
                            ganhadores: {
                                anulado: boolean;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                serie_numero: string;
                            }[];
                            hash: string | null;
                            id_apuracao: number | null;
                            id_campanha: number;
                            id_registro: number | null;
                            qtd_bilhetes: number;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada" | "realizado" | "aberto";
                            /** @enum {string} */
                            tipo: "apuracao" | "instantaneo";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/apuracoes/{id_apuracao}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registro público de uma apuração: hash e arquivo de bilhetes, regra, prêmios da Loteria Federal e contemplados (nomes mascarados) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
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
                        "application/json": {
                            aguardando_confirmacao: boolean;
                            apurada_em: string | null;
                            ata: string | null;
                            autorizacao: string | null;
                            bilhetes: string;
                            bilhetes_gravados: number;
                            cod_cidade: number;
                            concurso: number;
                            confirmado_por: string | null;
                            congelado_em: string;
                            data_concurso: string;
                            den_campanha: string;
                            descricao_premios: string[];
                            edital: string;
                            excecao_motivo: string | null;
                            final: boolean;
                            ganhadores: {
                                anulado: boolean;
                                concurso: number | null;
                                data_concurso: string | null;
                                entregue: boolean;
                                excluidos: string[];
                                id_estabelecimento: number;
                                id_sorteado: number | null;
                                motivo_anulacao: string | null;
                                nom_estabelecimento: string;
                                participante: string;
                                pendente: boolean;
                                prazo_reclamacao: string | null;
                                premio: number;
                                premios_concurso: string[] | null;
                                prescrito: boolean;
                                serie_numero: string;
                                suplente: boolean;
                                /** @enum {string|null} */
                                tipo: "nao_localizado" | "titular_inelegivel" | "venda_anulada" | null;
                                titular: string;
                            }[];
                            hash_bilhetes: string;
                            id_apuracao: number;
                            id_campanha: number;
                            instante_concurso: string;
                            lancado_por: string | null;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            /** @enum {string} */
                            musuario: "S" | "N";
                            numero_inicial: string | null;
                            prazo_reclamacao: string;
                            premios: string[] | null;
                            publicacoes: {
                                data_publicacao: string;
                                em: string;
                                posterior_ao_concurso: boolean;
                                url: string | null;
                                veiculo: string;
                            }[];
                            qtd_bilhetes: number;
                            qtd_premios: number;
                            reagendamentos: {
                                concurso: number;
                                concurso_anterior: number;
                                data_anterior: string;
                                data_concurso: string;
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                tipo: "reagendamento" | "concurso_nao_realizado";
                            }[];
                            regra: string[];
                            resultado_oficial: string | null;
                            serie_inicial: string | null;
                            /** @enum {string} */
                            status: "congelando" | "agendada" | "suspensa" | "apurada";
                            versao_regra: 1 | 2;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/apuracoes/{id_apuracao}/ata.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ata de apuração em PDF, pública depois do resultado: promotor, autorização, concurso, hash e publicações, prêmios, quem os lançou, regra, contemplados mascarados, suplentes, reagendamentos, prazo e assinaturas */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/apuracoes/{id_apuracao}/bilhetes.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Arquivo de bilhetes congelado da apuração (CSV UTF-8, `,`); seu SHA-256 é o hash publicado; confira com npm run verify-draw */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/apuracoes/{id_apuracao}/bilhetes/{serie_numero}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consultar um série-número: está no arquivo de bilhetes da apuração? foi contemplado? */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                    serie_numero: string;
                };
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
                        "application/json": {
                            ganhador: boolean;
                            no_arquivo: boolean;
                            premio: number | null;
                            serie_numero: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/apuracoes/{id_apuracao}/edital.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Edital da apuração em PDF, para o Diário Oficial: campanha, concurso e horário, hash e quantidade de bilhetes, regra e prêmios */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_apuracao: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/avaliacoes/{id_estabelecimento}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Resumo e avaliações aprovadas de um estabelecimento (nomes mascarados) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_estabelecimento: number;
                };
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
                        "application/json": {
                            itens: {
                                datahora: string;
                                den_avaliacao: string;
                                den_resposta: string;
                                nomeusuario: string;
                                nro_estrelas: number;
                            }[];
                            resumo: {
                                estrelas1: number;
                                estrelas2: number;
                                estrelas3: number;
                                estrelas4: number;
                                estrelas5: number;
                                nro_avaliacoes: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/avisos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Avisos válidos da cidade (com ETag) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            body: string;
                            cod_cidade: number;
                            id_aviso: number;
                            image: string;
                            title: string;
                            type: string;
                            validade: string;
                        }[];
                    };
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/campanhas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Campanhas em andamento ou por vir na cidade (com ETag) */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: number;
                    codcidade?: number;
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
                        "application/json": {
                            banner: string;
                            cod_cidade: number;
                            den_campanha: string;
                            estabelecimentos: {
                                fator_cashback: number;
                                fator_sorteio: number;
                                id_campanha: number;
                                id_estabelecimento: number;
                                nome: string;
                            }[];
                            id_campanha: number;
                            link: string;
                            validade_fim: string;
                            validade_ini: string;
                        }[];
                    };
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/campanhas/contemplados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contemplados das campanhas da cidade, mais recentes primeiro (com ETag) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            banner: string;
                            dat_venda: string | null;
                            data_sorteio: string;
                            data_venda: string | null;
                            den_campanha: string;
                            fotos: string[];
                            id_campanha: number;
                            id_estabelecimento: number | null;
                            id_sorteado: number;
                            id_sorteio: number | null;
                            images: {
                                url_foto: string;
                            }[];
                            nom_estabelecimento: string;
                            nome_sorteado: string;
                        }[];
                    };
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/campanhas/resumo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Campanhas em andamento ou por vir na cidade, sem a lista de estabelecimentos (a página inicial; com ETag; 304 quando não mudou) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            banner: string;
                            cod_cidade: number;
                            den_campanha: string;
                            id_campanha: number;
                            link: string;
                            validade_fim: string;
                            validade_ini: string;
                        }[];
                    };
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/cidades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cidades do programa, por nome (HTTP Basic) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            cidade: string;
                            cod_cidade: number;
                            uf: string;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/contestacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Minhas contestações, mais recentes primeiro, com situação e histórico */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            criada_em: string;
                            dat_venda: string;
                            decidida_em: string | null;
                            historico: {
                                em: string;
                                motivo: string | null;
                                /** @enum {string} */
                                status: "aberta" | "aceita" | "recusada";
                            }[];
                            id_contestacao: number;
                            id_estabelecimento: number;
                            id_venda: number | null;
                            imagem: string | null;
                            motivo: string | null;
                            nome_estabelecimento: string;
                            numero_venda: string;
                            /** @enum {string} */
                            status: "aberta" | "aceita" | "recusada";
                            /** @enum {string} */
                            tipo: "nao_reconheco" | "nao_registrada";
                            valor_venda: number;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Contestar uma venda do meu extrato ('nao_reconheco') ou uma compra não registrada ('nao_registrada'); 409 se a venda já tem contestação aberta ou se já há 10 contestações minhas aguardando decisão */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id_venda: number;
                        /** @enum {string} */
                        tipo: "nao_reconheco";
                    } | {
                        dat_venda: string;
                        id_estabelecimento: number;
                        imagem?: string;
                        numero_venda: string;
                        /** @enum {string} */
                        tipo: "nao_registrada";
                        valor_venda: number;
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
                        "application/json": {
                            id_contestacao: number;
                            /** @enum {string} */
                            status: "aberta";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/contestacoes/{id_contestacao}/comprovante": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A foto do comprovante de uma contestação (PNG, nunca em cache): só para quem contestou e para a administração da cidade */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_contestacao: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/contestacoes/comprovante": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enviar a foto do comprovante (base64) de uma compra não registrada: guardada em PNG, privada; responde o `imagem` a pôr na contestação */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        conteudo: string;
                        /** @default  */
                        nomearq?: string;
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
                        "application/json": {
                            imagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/desafio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Desafio (prova de trabalho ALTCHA) para entrar com o e-mail: de uso único, por 5 minutos; pedido quando o login responde 428 */
        get: {
            parameters: {
                query: {
                    email: string;
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
                        "application/json": {
                            parameters: {
                                algorithm: string;
                                cost: number;
                                data: {
                                    max: number;
                                };
                                expiresAt: number;
                                keyLength: number;
                                keyPrefix: string;
                                nonce: string;
                                salt: string;
                            };
                            signature: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/entidades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entidades sociais da cidade (sem login): cupons recebidos por campanha e prêmios ganhos */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            campanhas: {
                                cupons: number;
                                den_campanha: string;
                                id_campanha: number;
                            }[];
                            causa: string;
                            cnpj: string;
                            contato: string;
                            cupons: number;
                            id_entidade: number;
                            logo: string;
                            nome: string;
                            premios: {
                                data_sorteio: string;
                                den_campanha: string;
                                id_campanha: number;
                                premio: number | null;
                            }[];
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/entidades/minha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A entidade da conta que chama: o que recebeu e ganhou (404 para quem não é entidade) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            campanhas: {
                                cupons: number;
                                den_campanha: string;
                                id_campanha: number;
                            }[];
                            causa: string;
                            cnpj: string;
                            contato: string;
                            cupons: number;
                            id_entidade: number;
                            logo: string;
                            nome: string;
                            premios: {
                                data_sorteio: string;
                                den_campanha: string;
                                id_campanha: number;
                                premio: number | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/estabelecimentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estabelecimentos ativos da cidade (com ETag; 304 quando não mudou) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_categoria: number | null;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ies_campanha: "S" | "N";
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vl_min_pedido: number;
                            vl_taxa_entrega: number;
                            whatsup: string;
                        }[];
                    };
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/estabelecimentos/avaliacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Avaliações para moderar: do estabelecimento `id`, ou de todos ao alcance de quem pede */
        get: {
            parameters: {
                query?: {
                    aprovado?: "S" | "N";
                    cod_cidade?: number;
                    id?: number;
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
                        "application/json": {
                            /** @enum {string} */
                            aprovado: "S" | "N";
                            datahora: string;
                            den_avaliacao: string;
                            den_resposta: string;
                            id_avaliacao: number;
                            id_estabelecimento: number;
                            nome_estabelecimento: string;
                            nomeusuario: string;
                            nro_estrelas: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Avaliar um estabelecimento (aguarda aprovação) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        den_avaliacao: string;
                        id_estabelecimento: number;
                        nro_estrelas: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_avaliacao: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/estabelecimentos/busca": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estabelecimentos ativos da cidade por nome, página a página (q: parte do nome, sem diferença de maiúsculas nem acentos); total em X-Total-Count */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_categoria: number | null;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ies_campanha: "S" | "N";
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vl_min_pedido: number;
                            vl_taxa_entrega: number;
                            whatsup: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/estabelecimentos/vendedores/{id_estabelecimento}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendedores do estabelecimento, com 'Sem Vendedor' (99) sempre primeiro */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_estabelecimento: number;
                };
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
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/estabelecimentos/vitrine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Até 24 estabelecimentos ativos da cidade para a página inicial, sorteados uma vez por dia (a mesma ordem para todos no dia; com ETag; 304 quando não mudou) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_categoria: number | null;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ies_campanha: "S" | "N";
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vl_min_pedido: number;
                            vl_taxa_entrega: number;
                            whatsup: string;
                        }[];
                    };
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/extrato": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Extrato de lançamentos do consumidor, mais recentes primeiro (até 500) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            cashback: number;
                            cupons: number;
                            dat_venda: string;
                            den_campanha: string;
                            id_campanha: number;
                            id_estabelecimento: number;
                            id_venda: number;
                            nomeestabelecimento: string;
                            numero_venda: string;
                            pontos: number;
                            valor_venda: number;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/govbr/cadastro": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O que o gov.br informou para "Complete seu cadastro" (nome, e-mail) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            email: string;
                            nome: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Completa o cadastro de quem entrou pelo gov.br sem conta: cria a conta com o CPF comprovado e responde a sessão */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        bairro?: string;
                        cep?: string;
                        cod_cidade: number;
                        /** @default  */
                        complemento?: string;
                        /** @default  */
                        email?: string;
                        /** @default  */
                        endereco?: string;
                        /** @default  */
                        numero?: string;
                        whatsup?: string;
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
                        "application/json": {
                            admin: boolean;
                            cidade: string;
                            cod_cidade: number;
                            email: string;
                            estabelecimentos: {
                                [key: string]: string;
                            };
                            id_usuario: number;
                            nome: string;
                            parceiro: boolean;
                            superadmin: boolean;
                            token: string;
                            uf: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/govbr/entrar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Começa o "Entrar com gov.br" (ou, com finalidade=vincular, a vinculação da conta): 302 para o gov.br; destino só um caminho deste site */
        get: {
            parameters: {
                query?: {
                    destino?: string;
                    finalidade?: "entrar" | "vincular";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/govbr/retorno": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retorno do gov.br (redirect_uri): confere state, navegador, nonce, PKCE, emissor e nível; 302 para a página do próximo passo */
        get: {
            parameters: {
                query?: {
                    code?: string;
                    error?: string;
                    iss?: string;
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/govbr/sessao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Entrega, uma vez, a sessão do login pelo gov.br que o retorno deixou a este navegador (cookie do fluxo) */
        post: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            admin: boolean;
                            cidade: string;
                            cod_cidade: number;
                            destino: string;
                            email: string;
                            estabelecimentos: {
                                [key: string]: string;
                            };
                            id_usuario: number;
                            nome: string;
                            parceiro: boolean;
                            superadmin: boolean;
                            token: string;
                            uf: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/govbr/vincular": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Por que a página de vinculação aparece (CPF declarado, e-mail em uso, ou pedido) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            /** @enum {string} */
                            motivo: "cpf" | "email" | "vincular";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Login do consumidor (qualquer usuário) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        altcha?: string;
                        email: string;
                        senha: string;
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
                        "application/json": {
                            admin: boolean;
                            cidade: string;
                            cod_cidade: number;
                            email: string;
                            estabelecimentos: {
                                [key: string]: string;
                            };
                            id_usuario: number;
                            nome: string;
                            parceiro: boolean;
                            superadmin: boolean;
                            token: string;
                            uf: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                428: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Encerra a sessão do token */
        post: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/parceiro/campanhas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Campanhas do ano de que o estabelecimento participa, mais recentes primeiro ([] se nenhuma) */
        get: {
            parameters: {
                query: {
                    id_estabelecimento: number;
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
                        "application/json": {
                            den_campanha: string;
                            exige_nfce: boolean;
                            fator_cashback: number;
                            fator_sorteio: number;
                            id_campanha: number;
                            validade_fim: string;
                            validade_ini: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/parceiro/chaves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** As chaves de API ativas do parceiro (nome, estabelecimento, criação, último uso; nunca o segredo) */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            criada_em: string;
                            id_chave: number;
                            id_estabelecimento: number;
                            inicio: string;
                            nome: string;
                            nome_estabelecimento: string;
                            usada_em: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Criar uma chave de API para um dos seus estabelecimentos: a chave aparece só nesta resposta (guardada cifrada); 409 com 20 chaves ativas */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id_estabelecimento: number;
                        nome: string;
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
                        "application/json": {
                            chave: string;
                            id_chave: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/parceiro/chaves/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revogar uma chave: o próximo uso dela responde 401 */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/parceiro/estabelecimentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Os estabelecimentos do parceiro, por nome, com seus vendedores */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            whatsup: string;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/parceiro/estabelecimentos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Alterar telefone, WhatsApp, site e endereço do próprio estabelecimento (só os campos enviados); `vendedores`, quando enviado, é a lista completa. Um campo do administrador (nome, CNPJ, cidade, categoria, situação, campanha, cupom, valores, posição, fotos) recusa tudo com 403 */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bairro?: string;
                        cep?: string;
                        complemento?: string;
                        endereco?: string;
                        site?: string;
                        telefone?: string;
                        vendedores?: {
                            id_vendedor?: number;
                            nome_vendedor: string;
                        }[];
                        whatsup?: string;
                    } & {
                        [key: string]: unknown;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/parceiro/estabelecimentos/{id}/foto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Enviar a foto do próprio estabelecimento (base64): é conferida, reduzida e guardada em PNG */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        conteudo: string;
                        /** @default  */
                        nomearq?: string;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Remover a foto do próprio estabelecimento */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/parceiro/estabelecimentos/{id}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Enviar o logo do próprio estabelecimento (base64): é conferida, reduzida e guardada em PNG */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        conteudo: string;
                        /** @default  */
                        nomearq?: string;
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Remover o logo do próprio estabelecimento */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            avaliacao: number;
                            bairro: string;
                            categoria: string | null;
                            cep: string;
                            cidade: string;
                            cod_cidade: number;
                            complemento: string;
                            endereco: string;
                            id_estabelecimento: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            nome: string;
                            qtd_avaliacao: number;
                            site: string;
                            telefone: string;
                            uf: string;
                            url_foto: string;
                            url_logo: string;
                            vendedores: {
                                id_estabelecimento: number;
                                id_vendedor: number;
                                nome_vendedor: string;
                            }[];
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/parceiro/estabelecimentos/{id}/vendedores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adicionar um vendedor (próprio estabelecimento); 200 com o existente quando o nome já está na lista */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nome_vendedor: string;
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
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/parceiro/estabelecimentos/{id}/vendedores/{id_vendedor}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remover um vendedor (próprio estabelecimento); suas vendas passadas ficam como 'Sem Vendedor' */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    id_vendedor: number;
                };
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
                        "application/json": {
                            mensagem: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Renomear um vendedor (próprio estabelecimento) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    id_vendedor: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nome_vendedor: string;
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
                        "application/json": {
                            id_estabelecimento: number;
                            id_vendedor: number;
                            nome_vendedor: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/parceiro/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Login do parceiro (usuários com parceiro) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        altcha?: string;
                        email: string;
                        senha: string;
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
                        "application/json": {
                            admin: boolean;
                            cidade: string;
                            cod_cidade: number;
                            email: string;
                            estabelecimentos: {
                                [key: string]: string;
                            };
                            id_usuario: number;
                            nome: string;
                            parceiro: boolean;
                            superadmin: boolean;
                            token: string;
                            uf: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                428: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/parceiro/usuarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Busca de destinatário da venda entre os moradores das cidades do chamador: ao menos 3 letras do nome, os 4 últimos dígitos do WhatsApp ou o CPF completo, que encontra só o seu dono (no máximo 6; WhatsApp e CPF mascarados) */
        get: {
            parameters: {
                query: {
                    nome: string;
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
                        "application/json": {
                            cpf?: string;
                            id_usuario: number;
                            nome: string;
                            whatsup: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/parceiro/vendas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendas do estabelecimento, mais recentes primeiro (id_campanha 0: campanhas do ano); total em X-Total-Count; congelada: um cupom da venda está no arquivo de bilhetes de uma apuração (não pode ser alterada nem excluída). formato=csv|xlsx: todas as linhas filtradas num arquivo (202 com id_exportacao quando grande) */
        get: {
            parameters: {
                query: {
                    formato?: "csv" | "xlsx";
                    id_campanha?: number;
                    id_estabelecimento: number;
                    limite?: number;
                    pagina?: number;
                    q?: string;
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
                        "application/json": {
                            cashback: number;
                            chave_nfce: string | null;
                            confirmada_recibo: boolean;
                            congelada: boolean;
                            cpf?: string;
                            cpf_motivo?: string;
                            cupons: number;
                            dat_venda: string;
                            den_campanha: string;
                            id_campanha: number;
                            id_estabelecimento: number;
                            id_usuario: number;
                            id_venda: number;
                            id_vendedor: number;
                            nome_estabelecimento: string;
                            nome_vendedor: string;
                            nomeusuarios: string;
                            numero_venda: string;
                            pendente: boolean;
                            pendente_cpf?: boolean;
                            pontos: number;
                            sem_comprador?: boolean;
                            valor_venda: number;
                        }[];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id_exportacao: number;
                            /** @enum {string} */
                            situacao: "pendente" | "rodando" | "pronta" | "falha" | "expirada";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Registrar uma venda: 201 { venda, cupons emitidos, saldo (só a administradores) }; com qrcode true e sem destinatário, 201 { id_venda, codigo, expira_em }; com cpf, 201 { id_venda, cpf mascarado }, igual para qualquer CPF: a venda aguarda o CPF e a conta que ele pode creditar recebe depois. Venda a uma pessoa ou a um CPF conta nos limites de busca de clientes (429). chave_nfce: a chave (ou o QR code) da NFC-e da venda, conferida com o estado da cidade da loja, o dia da venda e os CNPJs da loja (400); uma chave é informada uma vez só (409); obrigatória em campanha que exige NFC-e (400); com ela, id_usuario -1 sem cpf nem qrcode é uma venda sem comprador */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        chave_nfce?: string;
                        cpf?: string;
                        dat_venda: string;
                        id_campanha: number;
                        id_estabelecimento: number;
                        /** @default -1 */
                        id_usuario?: number;
                        /** @default 99 */
                        id_vendedor?: number;
                        numero_venda: string;
                        /** @default false */
                        qrcode?: boolean;
                        valor_venda: number;
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
                        "application/json": {
                            cupons: {
                                banner: string;
                                codigo: string;
                                dat_emissao: string;
                                den_campanha: string;
                                doado_para: string | null;
                                id_campanha: number;
                                id_estabelecimento: number;
                                id_sorteio: number;
                                nom_estabecimento: string;
                                numero: number;
                                serie: number;
                                url_logo: string;
                            }[];
                            saldo?: number;
                            venda: {
                                cashback: number;
                                chave_nfce: string | null;
                                confirmada_recibo: boolean;
                                cpf?: string;
                                cpf_motivo?: string;
                                cupons: number;
                                dat_venda: string;
                                den_campanha: string;
                                id_campanha: number;
                                id_estabelecimento: number;
                                id_usuario: number;
                                id_venda: number;
                                id_vendedor: number;
                                nome_estabelecimento: string;
                                nome_vendedor: string;
                                nomeusuarios: string;
                                numero_venda: string;
                                pendente: boolean;
                                pendente_cpf?: boolean;
                                pontos: number;
                                sem_comprador?: boolean;
                                valor_venda: number;
                            };
                        } | {
                            codigo: string;
                            expira_em: string;
                            id_venda: number;
                        } | {
                            cpf: string;
                            id_venda: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/parceiro/vendas/{id_estabelecimento}/{id_venda}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma venda do estabelecimento */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_estabelecimento: number;
                    id_venda: number;
                };
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
                        "application/json": {
                            cashback: number;
                            chave_nfce: string | null;
                            confirmada_recibo: boolean;
                            cpf?: string;
                            cpf_motivo?: string;
                            cupons: number;
                            dat_venda: string;
                            den_campanha: string;
                            id_campanha: number;
                            id_estabelecimento: number;
                            id_usuario: number;
                            id_venda: number;
                            id_vendedor: number;
                            nome_estabelecimento: string;
                            nome_vendedor: string;
                            nomeusuarios: string;
                            numero_venda: string;
                            pendente: boolean;
                            pendente_cpf?: boolean;
                            pontos: number;
                            sem_comprador?: boolean;
                            valor_venda: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/parceiro/vendas/{id_estabelecimento}/{id_venda}/qrcode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O código do QR de uma venda aguardando resgate, o mesmo de quando foi registrada (409 resgatada ou sem QR, 410 expirado) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_estabelecimento: number;
                    id_venda: number;
                };
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
                        "application/json": {
                            codigo: string;
                            expira_em: string;
                            id_venda: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/parceiro/vendas/{id_venda}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Excluir uma venda; seus pontos saem do saldo e cupons não mais cobertos são anulados (409 se um cupom dela já foi sorteado ou está no arquivo de bilhetes de uma apuração, ou se a nota fiscal do cliente já a confirmou) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_venda: number;
                };
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Alterar uma venda; pontos e cupons são recalculados (409 se um cupom dela já foi sorteado ou está no arquivo de bilhetes de uma apuração, ou se a nota fiscal do cliente já a confirmou). A chave da NFC-e não muda (400 se outra for enviada) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_venda: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        chave_nfce?: string;
                        cpf?: string;
                        dat_venda: string;
                        id_campanha: number;
                        id_estabelecimento: number;
                        /** @default -1 */
                        id_usuario?: number;
                        /** @default 99 */
                        id_vendedor?: number;
                        numero_venda: string;
                        /** @default false */
                        qrcode?: boolean;
                        valor_venda: number;
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
                        "application/json": {
                            cashback: number;
                            chave_nfce: string | null;
                            confirmada_recibo: boolean;
                            cpf?: string;
                            cpf_motivo?: string;
                            cupons: number;
                            dat_venda: string;
                            den_campanha: string;
                            id_campanha: number;
                            id_estabelecimento: number;
                            id_usuario: number;
                            id_venda: number;
                            id_vendedor: number;
                            nome_estabelecimento: string;
                            nome_vendedor: string;
                            nomeusuarios: string;
                            numero_venda: string;
                            pendente: boolean;
                            pendente_cpf?: boolean;
                            pontos: number;
                            sem_comprador?: boolean;
                            valor_venda: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/promocoes/{id_estabelecimento}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Promoções pagas e vigentes de um estabelecimento */
        get: {
            parameters: {
                query?: {
                    cod_cidade?: string;
                };
                header?: never;
                path: {
                    id_estabelecimento: number;
                };
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
                        "application/json": {
                            cod_produto: string;
                            dat_final: string;
                            dat_inicio: string;
                            id_estabelecimento: number;
                            id_promocao: number;
                            imagem: string;
                            linkproduto: string;
                            porc_desconto: number;
                            regra: string;
                            val_desconto: number;
                            val_minimo: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/pushnotification/chave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chave pública VAPID do servidor (base64url), para pushManager.subscribe */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            publicKey: string;
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
    "/v1/pushnotification/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tokens (JSON da inscrição) de TODOS=A todos da cidade, P parceiros ou I quem chama */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
                    TODOS: "A" | "P" | "I";
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
                        "application/json": string[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
        /** Excluir as inscrições de failedTokens (JSON da inscrição ou endpoint); admin só as de pessoas e parceiros da sua cidade */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        failedTokens: string[];
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
                        "application/json": {
                            removidos: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/recibos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Minhas notas fiscais, mais recentes primeiro, cada uma com a chave e a situação; total em X-Total-Count */
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
                        "application/json": {
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
                            status: "pendente" | "creditado" | "expirado" | "doado" | "contestado" | "sem_comprador" | "cancelado";
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Registrar a nota fiscal (NFC-e) de uma compra: o texto do QR code ou a chave de 44 posições. 400 quando a chave não confere (formato, dígito, modelo, emissão, ambiente, estado, mês) ou o CNPJ não é de uma loja participante da cidade (nada é gravado); 201 creditado (a loja informou a nota para mim), pendente (a loja ainda não informou) ou doado (a loja a informou sem comprador e id_entidade foi dado); 409 nota já registrada, limite de notas da loja no dia, nota informada para outra pessoa (uma contestação é aberta) ou sem comprador (a nota continua livre para ser doada) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
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
                        "application/json": {
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
                            status: "pendente" | "creditado" | "expirado" | "doado" | "contestado" | "sem_comprador" | "cancelado";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/recibos/{id_recibo}/doacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Doar a uma entidade social da cidade uma nota minha que a loja informou sem comprador (situação sem_comprador): a venda passa à conta da entidade, pelas regras da campanha; 404 nota de outra pessoa, 409 nota que não pode ser doada */
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
                    "application/json": {
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
                        "application/json": {
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
                            status: "pendente" | "creditado" | "expirado" | "doado" | "contestado" | "sem_comprador" | "cancelado";
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/sorteios/{id_registro}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registro público de um sorteio (participante mascarado; semente, hash da lista, quantidade e posição) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_registro: number;
                };
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
                        "application/json": {
                            anulado: boolean;
                            anulado_em: string | null;
                            bilhetes: string | null;
                            cod_cidade: number;
                            codigo: string;
                            den_campanha: string;
                            hash_lista: string | null;
                            /** @default null */
                            hash_semente: string | null;
                            /** @default null */
                            id_abertura: number | null;
                            id_campanha: number;
                            id_registro: number;
                            /** @enum {string} */
                            mloja: "S" | "N";
                            motivo_anulacao: string | null;
                            /** @enum {string} */
                            musuario: "S" | "N";
                            nom_estabelecimento: string;
                            participante: string;
                            posicao: number;
                            qtd_elegiveis: number;
                            realizado_em: string;
                            semente: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/sorteios/{id_registro}/bilhetes.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Arquivo de bilhetes de um sorteio com semente (CSV UTF-8, `;`, nomes mascarados); confira com npm run verify-draw */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_registro: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/sorteios/aberturas/{id_abertura}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Abertura pública de um sorteio: o hash da semente publicado antes do sorteio; depois dele, o registro e a semente revelada */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_abertura: number;
                };
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
                        "application/json": {
                            aberto_em: string;
                            cod_cidade: number;
                            den_campanha: string;
                            hash_semente: string;
                            id_abertura: number;
                            id_campanha: number;
                            id_registro: number | null;
                            semente: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/turismo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Itens de turismo ativos e dentro da validade da cidade, por descrição (com ETag) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
                    tipo?: number;
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
                        "application/json": {
                            cod_cidade: number;
                            descricao: string;
                            id_turismo: number;
                            /** @enum {string} */
                            ind_ativo: "S" | "N";
                            latitude: number | null;
                            longitude: number | null;
                            tipo: number;
                            url_foto: string;
                            url_site: string;
                            validade_ate: string | null;
                            validadeate: string | null;
                        }[];
                    };
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/usuarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Salva nome e WhatsApp do próprio usuário (o e-mail é só leitura e é ignorado) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cpf?: string;
                        email?: string;
                        nome?: string;
                        whatsup?: string;
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
                        "application/json": {
                            cpf?: string;
                            cpf_carencia_ate?: string;
                            /** @enum {string} */
                            cpf_situacao: "" | "declarado" | "comprovado";
                            email: string;
                            nome: string;
                            whatsup: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/usuarios/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Perfil do próprio usuário (lista com um item); outro id responde 403 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: number;
                };
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
                        "application/json": {
                            cpf?: string;
                            cpf_carencia_ate?: string;
                            /** @enum {string} */
                            cpf_situacao: "" | "declarado" | "comprovado";
                            email: string;
                            nome: string;
                            whatsup: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/usuarios/cpf/comprovacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A situação do meu CPF (declarado ou comprovado) e a minha última comprovação por fotos */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            comprovacao: {
                                criado_em: string;
                                decidido_em: string | null;
                                id_comprovacao: number;
                                motivo: string | null;
                                /** @enum {string} */
                                status: "aberta" | "aprovada" | "recusada";
                            } | null;
                            cpf: string;
                            /** @enum {string} */
                            cpf_situacao: "" | "declarado" | "comprovado";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Enviar a comprovação do CPF declarado: a foto de um documento e uma selfie segurando o documento (cada uma enviada antes em POST /v1/contestacoes/comprovante); 409 se já comprovado ou com uma comprovação em análise */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        imagem: string;
                        selfie: string;
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
                        "application/json": {
                            id_comprovacao: number;
                            /** @enum {string} */
                            status: "aberta";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/usuarios/cupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saldo e cupons do consumidor por campanha da cidade (a campanha em andamento primeiro) */
        get: {
            parameters: {
                query: {
                    cod_cidade: number;
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
                        "application/json": {
                            cupons: {
                                banner: string;
                                codigo: string;
                                dat_emissao: string;
                                den_campanha: string;
                                doado_para: string | null;
                                id_campanha: number;
                                id_estabelecimento: number;
                                id_sorteio: number;
                                nom_estabecimento: string;
                                numero: number;
                                serie: number;
                                url_logo: string;
                            }[];
                            den_campanha: string;
                            id_campanha: number;
                            pontos: number;
                            saldo: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/usuarios/definirsenha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Define a primeira senha de uma entidade social com o código do e-mail de boas-vindas (150 caracteres, uso único, 7 dias, só enquanto a conta não tem senha) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        senha: string;
                        senha2: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            msg: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            msg: string;
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
    "/v1/usuarios/doacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** As doações de quem chama, mais recentes primeiro, com os cupons que a entidade tem de cada uma */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            criado_em: string;
                            cupons: number;
                            id_campanha: number;
                            id_entidade: number;
                            /** @enum {string} */
                            modo: "todos" | "futuros";
                            nome_entidade: string;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Doa os cupons de uma campanha em andamento a uma entidade da cidade dela: 'todos' (os de agora e os que vierem) ou 'futuros'; uma doação por campanha, definitiva */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id_campanha: number;
                        id_entidade: number;
                        /** @enum {string} */
                        modo: "todos" | "futuros";
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
                        "application/json": {
                            criado_em: string;
                            cupons: number;
                            id_campanha: number;
                            id_entidade: number;
                            /** @enum {string} */
                            modo: "todos" | "futuros";
                            nome_entidade: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/usuarios/entidade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A entidade escolhida por quem chama, que recebe a parte das campanhas (pct_entidade) dos seus cupons */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            desde: string | null;
                            id_entidade: number | null;
                            nome_entidade: string | null;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        /** Escolhe a entidade da cidade que recebe a parte das campanhas dos cupons emitidos daqui em diante (null: nenhuma) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id_entidade?: number | null;
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
                        "application/json": {
                            desde: string | null;
                            id_entidade: number | null;
                            nome_entidade: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usuarios/govbr/vincular": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Vincula a conta logada à conta gov.br do último retorno deste navegador, pedindo a senha de novo; o CPF fica comprovado */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        senha: string;
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
                        "application/json": {
                            /** @enum {string} */
                            cpf_situacao: "comprovado";
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/usuarios/meusdados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Baixa (JSON) todos os dados pessoais que o programa guarda sobre o chamador (LGPD art. 18) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Todos os dados pessoais do chamador, uma chave por seção */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            avaliacoes: unknown;
                            comprovacoes_cpf: unknown;
                            consentimentos: unknown;
                            contemplados: unknown;
                            contestacoes: unknown;
                            cupons: unknown;
                            estabelecimentos: unknown;
                            gerado_em: string;
                            notificacoes: unknown;
                            perfil: unknown;
                            push_assinaturas: unknown;
                            recibos: unknown;
                            saldos: unknown;
                            sessoes: unknown;
                            vendas: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/usuarios/notificacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notificações não lidas da pessoa, mais recentes primeiro (o tamanho da lista é o número do sino); com todas=S também as lidas */
        get: {
            parameters: {
                query?: {
                    todas?: "S" | "N";
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
                        "application/json": {
                            body: string;
                            dat_recece: string;
                            id_message: number;
                            id_notificacao: number | null;
                            image: string;
                            /** @enum {string} */
                            lida: "S" | "N";
                            title: string;
                            type: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Guardar um push recebido com o app aberto (201; com id_notificacao que a pessoa já tem: 200 e a mesma linha) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        body?: string;
                        id_notificacao?: number;
                        /** @default  */
                        image?: string;
                        title: string;
                        /**
                         * @default N
                         * @enum {string}
                         */
                        type?: "N";
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
                        "application/json": {
                            body: string;
                            dat_recece: string;
                            id_message: number;
                            id_notificacao: number | null;
                            image: string;
                            /** @enum {string} */
                            lida: "S" | "N";
                            title: string;
                            type: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            body: string;
                            dat_recece: string;
                            id_message: number;
                            id_notificacao: number | null;
                            image: string;
                            /** @enum {string} */
                            lida: "S" | "N";
                            title: string;
                            type: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/usuarios/notificacao/{id_message}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Excluir uma notificação da pessoa (204; de outra pessoa ou inexistente: 404) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id_message: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usuarios/notificacao/lidas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marcar como lidas as notificações que a página mostrou (204; as de outra pessoa ficam como estão) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id_message: number[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": null;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
    "/v1/usuarios/numeros": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Meus números da sorte: série-número dos meus cupons por campanha, em quais apurações estão e se foram contemplados */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            den_campanha: string;
                            id_campanha: number;
                            numeros: {
                                anulado: boolean;
                                apuracoes: {
                                    concurso: number;
                                    data_concurso: string;
                                    id_apuracao: number;
                                    /** @enum {string} */
                                    status: "congelando" | "agendada" | "suspensa" | "apurada";
                                }[];
                                doado_para: string | null;
                                ganhador: boolean;
                                premio_anulado: boolean;
                                serie_numero: string;
                            }[];
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/usuarios/redefinirsenha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Redefine a senha com o código do e-mail (150 caracteres, uso único, 60 minutos); encerra todas as sessões */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        senha: string;
                        senha2: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            msg: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            msg: string;
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
    "/v1/usuarios/registro": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cadastro de consumidor; responde já com a sessão */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        bairro?: string;
                        cep?: string;
                        /** @default  */
                        cidade?: string;
                        cod_cidade: number;
                        /** @default  */
                        complemento?: string;
                        cpf?: string;
                        email: string;
                        /** @default  */
                        endereco?: string;
                        nome: string;
                        /** @default  */
                        numero?: string;
                        senha: string;
                        /** @default  */
                        uf?: string;
                        whatsup?: string;
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
                        "application/json": {
                            id_usuario: number;
                            token: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/usuarios/remocaousuario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirma a remoção com o código do e-mail e a senha: anonimiza a pessoa (LGPD) e apaga as fotos de comprovante e de comprovação de CPF; vendas, cupons e sorteios ficam */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        senha: string;
                        senha2: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            msg: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                            msg: string;
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
    "/v1/usuarios/salvatoken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Registrar a inscrição Web Push do navegador (201 nova; 200 o mesmo endpoint atualizado e passado a quem chama; endpoint https em endereço público, senão 400; no máximo 10 por pessoa, a 11ª: 409) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        device?: string;
                        /**
                         * @default S
                         * @enum {string}
                         */
                        ies_live?: "S" | "N";
                        /**
                         * @default S
                         * @enum {string}
                         */
                        ies_promocao?: "S" | "N";
                        /**
                         * @default S
                         * @enum {string}
                         */
                        ies_sorteio?: "S" | "N";
                        /** @default  */
                        ip?: string;
                        /** @default  */
                        os_version?: string;
                        token: {
                            endpoint: string;
                            expirationTime?: number | null;
                            keys: {
                                auth: string;
                                p256dh: string;
                            };
                        } | string;
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/usuarios/solicitaremocao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pede a remoção do próprio cadastro: envia o link de confirmação ao e-mail da conta */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/usuarios/solicitatrocasenha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pede o e-mail de redefinição de senha; 202 para qualquer endereço válido (não revela cadastro) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        /** @default  */
                        telefone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/usuarios/vendas/resgatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resgatar uma venda pelo código do QR (uma vez; 403 venda da própria loja, 409 já resgatado ou fora das regras da campanha, 410 expirado) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        codigo: string;
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
                        "application/json": {
                            cupons: {
                                banner: string;
                                codigo: string;
                                dat_emissao: string;
                                den_campanha: string;
                                doado_para: string | null;
                                id_campanha: number;
                                id_estabelecimento: number;
                                id_sorteio: number;
                                nom_estabecimento: string;
                                numero: number;
                                serie: number;
                                url_logo: string;
                            }[];
                            den_campanha: string;
                            id_venda: number;
                            nomeestabelecimento: string;
                            pontos: number;
                            saldo: number;
                            valor_venda: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
                /** @description Default Response */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhooks que o usuário vê: do parceiro, os dos seus estabelecimentos; do admin, os da cidade */
        get: {
            parameters: {
                query?: never;
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
                        "application/json": {
                            cod_cidade: number;
                            criado_em: string;
                            eventos: ("venda.criada" | "venda.estornada" | "apuracao.agendada" | "apuracao.apurada" | "contestacao.resolvida")[];
                            id_estabelecimento: number | null;
                            id_webhook: number;
                            nome_estabelecimento: string | null;
                            /** @enum {string} */
                            situacao: "ativo" | "inativo";
                            url: string;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Registrar um webhook (https, servidor público) para eventos da cidade (admin) ou de um estabelecimento seu (parceiro); o segredo de assinatura aparece só nesta resposta
         * @description Cada entrega é um POST JSON `{id, evento, criado_em, dados}` com o cabeçalho
         *     `X-Praca-Assinatura: t=<unix>,v1=<hex>`, onde `v1` é o HMAC-SHA256, com o segredo do webhook,
         *     do texto `<t>.<corpo>` (o corpo exatamente como chegou). Para verificar: recalcule o HMAC,
         *     compare em tempo constante, e recuse se `t` estiver a mais de 5 minutos do seu relógio
         *     (proteção contra repetição); guarde os `id` já processados, pois uma entrega pode chegar
         *     mais de uma vez. Responda 2xx em até 10 s; outra resposta é tentada de novo, com espera
         *     crescente, até 8 vezes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cod_cidade?: number;
                        eventos: ("venda.criada" | "venda.estornada" | "apuracao.agendada" | "apuracao.apurada" | "contestacao.resolvida")[];
                        id_estabelecimento?: number;
                        url: string;
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
                        "application/json": {
                            id_webhook: number;
                            segredo: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remover um webhook (as entregas pendentes não são mais tentadas) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
                            erro: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico das últimas 100 entregas de um webhook: evento, situação, tentativas, código HTTP, hora */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
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
                        "application/json": {
                            criada_em: string;
                            erro: string | null;
                            /** @enum {string} */
                            evento: "venda.criada" | "venda.estornada" | "apuracao.agendada" | "apuracao.apurada" | "contestacao.resolvida";
                            id_entrega: number;
                            /** @enum {string} */
                            situacao: "pendente" | "entregue" | "falhou" | "morta";
                            status: number | null;
                            tentada_em: string | null;
                            tentativas: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
                        "application/json": {
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
