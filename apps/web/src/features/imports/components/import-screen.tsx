import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Accordion, Alert, Badge, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import {
  ESTABELECIMENTO_COLUNAS,
  IMPORT_LIST_SEPARATOR,
  TURISMO_COLUNAS,
  type ImportColumn,
  type ImportMode,
  type LinhaImportacao,
} from '@praca/contract';
import { NO_CITY, TOURISM_TYPES } from '@praca/contract/plain';
import { AdminCityPrompt } from '@/components/admin-list/admin-list';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { ScrollTable } from '@/components/scroll-table';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { useAdminCity } from '@/lib/admin-city';
import { useBaixarModelo } from '../api/get-modelo';
import { useImportacao, type ImportResult, type ImportTarget } from '../api/post-importacao';

/** Errors shown per page of the errors table. */
const ERRORS_PAGE_SIZE = 50;

type Dados = LinhaImportacao['dados'];

interface PreviewColumn {
  header: string;
  cell: (d: Dados) => ReactNode;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const joined = (v: unknown): string => (Array.isArray(v) ? v.map(text).join(', ') : text(v));

interface Target {
  titulo: string;
  /** 'estabelecimentos' / 'itens de turismo', for texts. */
  plural: string;
  singular: string;
  lista: string;
  voltar: string;
  colunas: readonly ImportColumn[];
  preview: PreviewColumn[];
}

const TARGETS: Record<ImportTarget, Target> = {
  estabelecimentos: {
    titulo: 'Importar estabelecimentos',
    plural: 'estabelecimentos',
    singular: 'estabelecimento',
    lista: paths.admin.estabelecimento,
    voltar: 'Voltar aos estabelecimentos',
    colunas: ESTABELECIMENTO_COLUNAS,
    preview: [
      { header: 'Nome', cell: (d) => text(d.nome) },
      { header: 'CNPJ', cell: (d) => text(d.cnpj) },
      { header: 'Categoria', cell: (d) => text(d.categoria) },
      {
        header: 'Endereço',
        cell: (d) => [d.endereco, d.complemento, d.bairro].map(text).filter(Boolean).join(', '),
      },
      { header: 'Cidade', cell: (d) => [d.cidade, d.uf].map(text).filter(Boolean).join(' - ') },
      { header: 'CEP', cell: (d) => text(d.cep) },
      { header: 'Ativo', cell: (d) => (d.ind_ativo === 'N' ? 'Não' : 'Sim') },
      { header: 'Vendedores', cell: (d) => joined(d.vendedores) },
      {
        header: 'Campanhas',
        cell: (d) =>
          Array.isArray(d.campanhas)
            ? (d.campanhas as { den_campanha?: string; id_campanha?: number }[])
                .map((c) => c.den_campanha ?? String(c.id_campanha))
                .join(', ')
            : '',
      },
    ],
  },
  turismo: {
    titulo: 'Importar turismo',
    plural: 'itens de turismo',
    singular: 'item de turismo',
    lista: paths.admin.turismo,
    voltar: 'Voltar ao turismo',
    colunas: TURISMO_COLUNAS,
    preview: [
      { header: 'Descrição', cell: (d) => text(d.descricao) },
      {
        header: 'Tipo',
        cell: (d) => (typeof d.tipo === 'number' ? (TOURISM_TYPES[d.tipo] ?? String(d.tipo)) : text(d.tipo)),
      },
      { header: 'Ativo', cell: (d) => (d.ind_ativo === 'N' ? 'Não' : 'Sim') },
      { header: 'Válido até', cell: (d) => text(d.validade_ate) || 'Sem prazo' },
      { header: 'Site', cell: (d) => text(d.url_site) },
    ],
  },
};

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** The file's columns, what each holds and which are required. */
function ColumnsHelp({ colunas }: { colunas: readonly ImportColumn[] }) {
  return (
    <Accordion variant="separated">
      <Accordion.Item value="colunas">
        <Accordion.Control>Colunas do arquivo</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            <Text size="sm">
              A primeira linha traz os nomes das colunas (maiúsculas e acentos não importam); só a coluna
              obrigatória precisa existir. Listas dentro de uma célula são separadas por{' '}
              <code>{IMPORT_LIST_SEPARATOR}</code>.
            </Text>
            <ScrollTable label="Colunas do arquivo" minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Coluna</Table.Th>
                    <Table.Th scope="col">Obrigatória</Table.Th>
                    <Table.Th scope="col">O que informar</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {colunas.map((c) => (
                    <Table.Tr key={c.nome}>
                      <Table.Td>
                        <code>{c.nome}</code>
                      </Table.Td>
                      <Table.Td>{c.obrigatoria ? 'Sim' : 'Não'}</Table.Td>
                      <Table.Td>{c.descricao}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The first rows as they will be stored, valid or not. */
function PreviewTable({ target, linhas }: { target: Target; linhas: LinhaImportacao[] }) {
  return (
    <ScrollTable label="Prévia das primeiras linhas" minWidth={200 + target.preview.length * 120}>
      <Table striped>
        <Table.Caption>Prévia: as primeiras linhas como serão gravadas</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Linha</Table.Th>
            <Table.Th scope="col">Situação</Table.Th>
            {target.preview.map((c) => (
              <Table.Th scope="col" key={c.header}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((l) => (
            <Table.Tr key={l.linha}>
              <Table.Td>{l.linha}</Table.Td>
              <Table.Td>
                {l.valida ? (
                  <Badge color="praca" variant="filled">
                    Válida
                  </Badge>
                ) : (
                  <Badge color="red.8" variant="filled">
                    Com erro
                  </Badge>
                )}
              </Table.Td>
              {target.preview.map((c) => (
                <Table.Td key={c.header} style={{ overflowWrap: 'anywhere' }}>
                  {c.cell(l.dados)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Every error (line, column, message), a page at a time. */
function ErrorsTable({ result }: { result: ImportResult }) {
  const [page, setPage] = useState(1);
  const shown = result.erros.slice((page - 1) * ERRORS_PAGE_SIZE, page * ERRORS_PAGE_SIZE);
  return (
    <Stack gap="xs">
      <ScrollTable label="Erros por linha" minWidth={420}>
        <Table striped>
          <Table.Caption>
            {plural(result.erros.length + result.erros_omitidos, 'erro', 'erros')} em{' '}
            {plural(result.invalidas, 'linha', 'linhas')}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Linha</Table.Th>
              <Table.Th scope="col">Coluna</Table.Th>
              <Table.Th scope="col">Mensagem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((e, i) => (
              <Table.Tr key={`${e.linha}-${e.coluna}-${i}`}>
                <Table.Td>{e.linha}</Table.Td>
                <Table.Td>{e.coluna}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.mensagem}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager
        page={page}
        total={result.erros.length}
        pageSize={ERRORS_PAGE_SIZE}
        onChange={setPage}
        label="erros"
      />
      {result.erros_omitidos > 0 ? (
        <Text size="sm" c="dimmed">
          E mais {result.erros_omitidos.toLocaleString('pt-BR')} erros não listados: corrija os primeiros e
          envie o arquivo de novo.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * 'Importar' (issue 39): the template to download, the file, its preview (the first rows as
 * they will be stored and every row's errors by line and column), then 'Importar tudo' (all
 * rows or nothing) or 'Importar só as válidas', and the result.
 */
export function ImportScreen({ alvo }: { alvo: ImportTarget }) {
  const target = TARGETS[alvo];
  const [city, canChoose] = useAdminCity();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [seq, setSeq] = useState(0);
  const importacao = useImportacao();
  const modelo = useBaixarModelo();

  if (city === NO_CITY) {
    return (
      <AdminCityPrompt
        title={target.titulo}
        canChoose={canChoose}
        noun={{ article: 'os', plural: target.plural }}
      />
    );
  }

  const run = (modo: ImportMode) => {
    if (!arquivo) return;
    importacao.mutate(
      { alvo, modo, arquivo, codCidade: city },
      {
        onSuccess: (r) => {
          setResult(r);
          setSeq((s) => s + 1);
        },
        onError: () => setSeq((s) => s + 1),
      },
    );
  };
  const reset = () => {
    setArquivo(null);
    setResult(null);
    importacao.reset();
  };

  const stored = result !== null && result.importadas > 0;
  const pending = importacao.isPending ? importacao.variables?.modo : undefined;
  const errorMessage = importacao.isError
    ? describeError(importacao.error, 'Não foi possível importar o arquivo.')
    : null;

  return (
    <Stack gap="md">
      <PageTitle>{target.titulo}</PageTitle>
      <Group gap="sm" wrap="wrap">
        <Button component={Link} to={target.lista} variant="subtle">
          {target.voltar}
        </Button>
      </Group>
      <Text>
        Envie um arquivo CSV (separado por ponto e vírgula ou vírgula) ou XLSX com um {target.singular} por
        linha. Antes de gravar, veja a prévia e os erros de cada linha; depois escolha importar tudo (ou nada,
        se houver erro) ou só as linhas válidas.
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          onClick={() => modelo.mutate({ alvo, formato: 'csv' })}
          loading={modelo.isPending && modelo.variables?.formato === 'csv'}
        >
          Baixar modelo CSV
        </Button>
        <Button
          variant="light"
          onClick={() => modelo.mutate({ alvo, formato: 'xlsx' })}
          loading={modelo.isPending && modelo.variables?.formato === 'xlsx'}
        >
          Baixar modelo XLSX
        </Button>
      </Group>
      {modelo.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(modelo.error, 'Não foi possível baixar o modelo.')}
        </Alert>
      ) : null}
      <ColumnsHelp colunas={target.colunas} />

      {stored ? (
        <Stack gap="sm">
          <FormAlert
            tone="success"
            seq={seq}
            message={`${plural(result.importadas, `${target.singular} importado`, `${target.plural} importados`)}${
              result.invalidas > 0
                ? `; ${plural(result.invalidas, 'linha com erro ficou', 'linhas com erro ficaram')} de fora`
                : ''
            }.`}
          />
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to={target.lista}>
              Ver {target.plural}
            </Button>
            <Button variant="default" onClick={reset}>
              Importar outro arquivo
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run('previa');
          }}
        >
          <Stack gap="sm">
            <FileInput
              label="Arquivo (CSV ou XLSX)"
              placeholder="Escolha o arquivo"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={arquivo}
              onChange={(f) => {
                setArquivo(f);
                setResult(null);
                importacao.reset();
              }}
              clearable
              clearButtonProps={{ 'aria-label': 'Remover o arquivo escolhido' }}
              withAsterisk
            />
            <Group gap="sm">
              <Button type="submit" disabled={!arquivo} loading={pending === 'previa'}>
                Pré-visualizar
              </Button>
            </Group>
            <FormAlert message={errorMessage} seq={seq} />
          </Stack>
        </form>
      )}

      {importacao.isPending ? (
        <Text size="sm" role="status">
          {pending === 'previa' ? 'Lendo o arquivo…' : 'Importando…'}
        </Text>
      ) : null}

      {result ? (
        <Stack gap="md">
          <Text role="status" fw={600}>
            {plural(result.total, 'linha', 'linhas')} no arquivo:{' '}
            {plural(result.validas, 'válida', 'válidas')}, {plural(result.invalidas, 'com erro', 'com erro')}.
          </Text>
          {result.colunas_ignoradas.length > 0 ? (
            <Alert color="yellow" variant="light" title="Colunas ignoradas" role="note">
              Estas colunas não são conhecidas e ficaram de fora: {result.colunas_ignoradas.join(', ')}.
            </Alert>
          ) : null}
          {result.recusa ? <FormAlert message={result.recusa} seq={seq} /> : null}
          {!stored ? (
            <Group gap="sm" wrap="wrap">
              <Button
                onClick={() => run('tudo')}
                loading={pending === 'tudo'}
                disabled={importacao.isPending}
              >
                Importar tudo
              </Button>
              <Button
                variant="light"
                onClick={() => run('validas')}
                loading={pending === 'validas'}
                disabled={importacao.isPending || result.validas === 0}
              >
                Importar só as válidas
              </Button>
            </Group>
          ) : null}
          {result.linhas.length > 0 ? <PreviewTable target={target} linhas={result.linhas} /> : null}
          {result.erros.length > 0 ? (
            <ErrorsTable key={seq} result={result} />
          ) : (
            <Text size="sm">Nenhum erro encontrado.</Text>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
