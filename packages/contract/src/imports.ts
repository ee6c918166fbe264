import { z } from 'zod';
import { CodCidadeSchema } from './common.js';

/**
 * Imports of issue 39 (decision 049): establishments (with sellers and campaign participation)
 * and tourism items from a CSV (`;` or `,`, UTF-8 with or without BOM) or XLSX file, sent as
 * multipart to `POST /v1/adm/importacoes/{estabelecimentos|turismo}?modo=previa|tudo|validas`.
 * Each row is checked with the same schemas as the admin's editor, then against the database.
 */

export const IMPORT_MODES = ['previa', 'tudo', 'validas'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** How many rows the preview shows as they will be stored. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Rows one file may hold (a city's shops fit many times over). */
export const IMPORT_MAX_ROWS = 50_000;
/** Errors an answer lists; past it `erros_omitidos` counts the rest. */
export const IMPORT_MAX_ERRORS = 5_000;
/** Lists inside one cell (sellers, campaigns) are separated by this. */
export const IMPORT_LIST_SEPARATOR = '|';

export const MSG_IMPORTACAO = {
  arquivoObrigatorio: 'Envie o arquivo (CSV ou XLSX) em um campo de arquivo do formulário',
  /** `{mb}` is replaced by the limit in MB. */
  arquivoGrande: 'O arquivo passa do limite de {mb} MB: divida-o em arquivos menores',
  /** `{n}` is replaced by the limit. */
  linhasDemais: 'O arquivo passa do limite de {n} linhas: divida-o em arquivos menores',
  formatoDesconhecido: 'Formato não reconhecido: envie um arquivo CSV (separado por ; ou ,) ou XLSX',
  arquivoIlegivel: 'Não foi possível ler o arquivo. Confira se é um CSV ou XLSX válido',
  /** Issue 52: an XLSX whose parts inflate past the limit (`{mb}`), or built to be read whole. */
  descompactadoGrande:
    'O arquivo XLSX descompactado passa do limite de {mb} MB ou tem textos compartilhados grandes demais: divida-o em arquivos menores',
  /** Issue 52: another import of the same city is running. */
  importacaoEmCurso: 'Já há uma importação desta cidade em andamento. Aguarde ela terminar e tente de novo',
  arquivoVazio: 'O arquivo não tem linhas para importar (a primeira linha é a dos nomes das colunas)',
  /** `{coluna}` is replaced by the column's name. */
  colunaObrigatoria: 'Falta a coluna {coluna} na primeira linha',
  colunaRepetida: 'A coluna {coluna} aparece mais de uma vez',
  /** `{n}` is replaced by the number of rows with errors. */
  comErros: 'O arquivo tem {n} linha(s) com erro; nada foi importado',
  nenhumaValida: 'Nenhuma linha válida para importar; nada foi importado',
  simNaoInvalido: 'Use S (sim) ou N (não)',
  /** `{linha}` is the line of the first occurrence. */
  cnpjRepetidoArquivo: 'CNPJ repetido no arquivo (já aparece na linha {linha})',
  cnpjJaCadastrado: 'Já existe um estabelecimento com este CNPJ',
  lojaRepetidaArquivo: 'Nome e endereço repetidos no arquivo (já aparecem na linha {linha})',
  lojaJaCadastrada: 'Já existe um estabelecimento com este nome e endereço nesta cidade',
  campanhaInvalida: 'Campanha inválida: use o código da campanha (vários separados por |)',
  campanhaDeOutraCidade: 'Campanha não encontrada nesta cidade',
  /** Issue 53: `{campanha}` is replaced by the campaign's name. */
  campanhaExigeCnpj: 'A campanha {campanha} exige nota fiscal: informe o CNPJ do estabelecimento',
  fatorObrigatorio: 'Informe o fator (de 0 a 1.000, até 4 casas decimais) da participação na campanha',
  vendedoresDemais: 'No máximo 200 vendedores por estabelecimento',
  itemRepetidoArquivo: 'Descrição e tipo repetidos no arquivo (já aparecem na linha {linha})',
  itemJaCadastrado: 'Já existe um item de turismo com esta descrição e tipo nesta cidade',
  adminLimitado: 'Você administra apenas alguns estabelecimentos e não pode importar estabelecimentos novos',
} as const;

/** One column of an import file: its name in the first row, and what it holds. */
export interface ImportColumn {
  nome: string;
  obrigatoria: boolean;
  descricao: string;
  /** The template's example value. */
  exemplo: string;
}

/** The establishment file's columns, in the template's order (decision 049). */
export const ESTABELECIMENTO_COLUNAS: readonly ImportColumn[] = [
  { nome: 'nome', obrigatoria: true, descricao: 'Nome do estabelecimento', exemplo: 'Padaria Central' },
  {
    nome: 'cnpj',
    obrigatoria: false,
    descricao: 'CNPJ com dígitos verificadores válidos (com ou sem pontuação)',
    exemplo: '11.222.333/0001-81',
  },
  {
    nome: 'categoria',
    obrigatoria: false,
    descricao: 'Nome ou código de uma categoria existente (vazia: sem categoria)',
    exemplo: '',
  },
  { nome: 'endereco', obrigatoria: false, descricao: 'Rua e número', exemplo: 'Rua XV de Novembro, 100' },
  { nome: 'complemento', obrigatoria: false, descricao: 'Complemento', exemplo: 'Loja 2' },
  { nome: 'bairro', obrigatoria: false, descricao: 'Bairro', exemplo: 'Centro' },
  { nome: 'cidade', obrigatoria: false, descricao: 'Cidade (vazia: a da importação)', exemplo: '' },
  { nome: 'uf', obrigatoria: false, descricao: 'Sigla do estado (vazia: a da importação)', exemplo: '' },
  { nome: 'cep', obrigatoria: false, descricao: 'CEP 00000-000', exemplo: '11010-000' },
  { nome: 'telefone', obrigatoria: false, descricao: 'Telefone', exemplo: '1332221111' },
  { nome: 'whatsup', obrigatoria: false, descricao: 'WhatsApp', exemplo: '13999990000' },
  { nome: 'site', obrigatoria: false, descricao: 'Endereço começando com http:// ou https://', exemplo: '' },
  {
    nome: 'latitude',
    obrigatoria: false,
    descricao: 'De -90 a 90, até 8 casas decimais',
    exemplo: '-23,96123456',
  },
  {
    nome: 'longitude',
    obrigatoria: false,
    descricao: 'De -180 a 180, até 8 casas decimais',
    exemplo: '-46,33334444',
  },
  {
    nome: 'url_foto',
    obrigatoria: false,
    descricao: 'Foto: caminho do serviço de imagens (imgest/…) ou endereço http(s)',
    exemplo: '',
  },
  { nome: 'url_logo', obrigatoria: false, descricao: 'Logotipo, como a foto', exemplo: '' },
  { nome: 'vl_min_pedido', obrigatoria: false, descricao: 'Pedido mínimo em reais', exemplo: '0' },
  { nome: 'vl_taxa_entrega', obrigatoria: false, descricao: 'Taxa de entrega em reais', exemplo: '0' },
  { nome: 'ind_ativo', obrigatoria: false, descricao: 'Ativo: S ou N (vazio: S)', exemplo: 'S' },
  {
    nome: 'ies_campanha',
    obrigatoria: false,
    descricao: 'Participa de campanhas: S ou N (vazio: S quando há campanha, senão N)',
    exemplo: 'S',
  },
  {
    nome: 'vendedores',
    obrigatoria: false,
    descricao: 'Nomes dos vendedores separados por |',
    exemplo: 'Ana|Bruno',
  },
  {
    nome: 'id_campanha',
    obrigatoria: false,
    descricao: 'Código da campanha da cidade de que participa (várias separadas por |)',
    exemplo: '',
  },
  {
    nome: 'fator_cashback',
    obrigatoria: false,
    descricao: 'Fator de cashback na campanha (obrigatório com campanha)',
    exemplo: '',
  },
  {
    nome: 'fator_sorteio',
    obrigatoria: false,
    descricao: 'Fator de sorteio na campanha (obrigatório com campanha)',
    exemplo: '',
  },
];

/** The tourism file's columns, in the template's order. */
export const TURISMO_COLUNAS: readonly ImportColumn[] = [
  {
    nome: 'descricao',
    obrigatoria: true,
    descricao: 'Descrição (até 200 caracteres)',
    exemplo: 'Museu do Café',
  },
  {
    nome: 'tipo',
    obrigatoria: true,
    descricao: '0 Locais, 1 Hoteis, 2 Alimentação, 3 Eventos, 4 Uteis (número ou nome)',
    exemplo: 'Locais',
  },
  {
    nome: 'url_foto',
    obrigatoria: false,
    descricao: 'Foto: caminho (imgtur/…) ou endereço http(s)',
    exemplo: '',
  },
  { nome: 'url_site', obrigatoria: false, descricao: 'Página, com http:// ou https://', exemplo: '' },
  { nome: 'ind_ativo', obrigatoria: false, descricao: 'Ativo: S ou N (vazio: S)', exemplo: 'S' },
  { nome: 'latitude', obrigatoria: false, descricao: 'De -90 a 90', exemplo: '' },
  { nome: 'longitude', obrigatoria: false, descricao: 'De -180 a 180', exemplo: '' },
  {
    nome: 'validade_ate',
    obrigatoria: false,
    descricao: 'Válido até (dd/mm/aaaa ou aaaa-mm-dd; vazio: sem prazo)',
    exemplo: '',
  },
];

// ── Requests ─────────────────────────────────────────────────────────────────

/** `?modo=previa|tudo|validas` (default previa) and the city (`cod_cidade` or `codcidade`). */
export const ImportacaoQuery = z.object({
  modo: z.enum(IMPORT_MODES, { error: 'Modo inválido: use previa, tudo ou validas' }).default('previa'),
  cod_cidade: CodCidadeSchema.optional(),
  codcidade: CodCidadeSchema.optional(),
});
export type ImportacaoQuery = z.input<typeof ImportacaoQuery>;

/** `GET …/modelo?formato=csv|xlsx`. */
export const ModeloQuery = z.object({
  formato: z.enum(['csv', 'xlsx'], { error: 'Formato inválido: use csv ou xlsx' }).default('csv'),
});

// ── Answers ──────────────────────────────────────────────────────────────────

/** One problem of one row: `linha` as the spreadsheet numbers it (the header is line 1). */
export const ErroImportacao = z.object({
  linha: z.number().int(),
  coluna: z.string(),
  mensagem: z.string(),
});
export type ErroImportacao = z.infer<typeof ErroImportacao>;

/** A row of the preview: its values as they will be stored (the cell as read when invalid). */
export const LinhaImportacao = z.object({
  linha: z.number().int(),
  valida: z.boolean(),
  dados: z.record(z.string(), z.unknown()),
});
export type LinhaImportacao = z.infer<typeof LinhaImportacao>;

/** What every mode answers: counts, the first rows, every error. */
export const ImportacaoResposta = z.object({
  modo: z.enum(IMPORT_MODES),
  arquivo: z.string(),
  formato: z.enum(['csv', 'xlsx']),
  cod_cidade: z.number().int(),
  /** Data rows in the file, valid ones, rows with an error, rows stored (0 in the preview). */
  total: z.number().int(),
  validas: z.number().int(),
  invalidas: z.number().int(),
  importadas: z.number().int(),
  /** Ids of the created records (not in the preview). */
  ids: z.array(z.number().int()),
  colunas: z.array(z.string()),
  /** Columns of the file the import does not know, left out. */
  colunas_ignoradas: z.array(z.string()),
  linhas: z.array(LinhaImportacao),
  erros: z.array(ErroImportacao),
  erros_omitidos: z.number().int(),
});
export type ImportacaoResposta = z.infer<typeof ImportacaoResposta>;

/** `tudo` with any error, or `validas` with none valid: 422, nothing stored. */
export const ImportacaoRecusada = ImportacaoResposta.extend({ erro: z.string() });
export type ImportacaoRecusada = z.infer<typeof ImportacaoRecusada>;
