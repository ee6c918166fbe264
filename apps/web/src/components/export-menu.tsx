import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { Exportacao, ExportacaoCriada, type FormatoExportacao } from '@praca/contract';
import { client, describeError, type ApiPath } from '@/lib/api-client';
import type { paths } from '@/lib/api/openapi';
import { saveBlob } from '@/lib/download';

/** How often a large export's progress is asked for. */
const POLL_MS = 1_000;

type Query = Record<string, string | number | undefined>;

/** The list routes that answer a file (`?formato=csv|xlsx`, issue 39). */
type ExportPath = {
  [P in ApiPath<'get'>]: paths[P]['get'] extends { parameters: { query?: { formato?: unknown } } }
    ? P
    : never;
}[ApiPath<'get'>];

/** The file name of an answer's Content-Disposition (`filename="…"`), or a fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1]! : fallback;
}

type State =
  | { kind: 'idle' }
  | { kind: 'asking'; formato: FormatoExportacao }
  | { kind: 'job'; exportacao: Exportacao }
  | { kind: 'error'; message: string };

interface ExportMenuProps {
  /** The list's route, e.g. `/v1/adm/vendas`. */
  path: ExportPath;
  /** The list's filters as the screen sends them (the page is left out). */
  query?: Query;
  /** What the file holds, for the accessible names ('vendas', 'auditoria'). */
  what: string;
  disabled?: boolean;
}

/**
 * 'Exportar' (issue 39): the list with the screen's filters as CSV or Excel, downloaded with
 * the session. A large one is written in the background: a progress bar, then 'Baixar'.
 */
export function ExportMenu({ path, query = {}, what, disabled }: ExportMenuProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (id: number) => {
    timer.current = setTimeout(async () => {
      try {
        const res = await client.GET('/v1/adm/exportacoes/{id}', { params: { path: { id } } });
        const exportacao = Exportacao.parse(res.data);
        setState({ kind: 'job', exportacao });
        if (exportacao.situacao === 'pendente' || exportacao.situacao === 'rodando') follow(id);
      } catch (error) {
        setState({ kind: 'error', message: describeError(error) });
      }
    }, POLL_MS);
  };

  const ask = async (formato: FormatoExportacao) => {
    clearTimeout(timer.current);
    setState({ kind: 'asking', formato });
    try {
      const res = await client.blob<ExportPath>(path, { params: { query: { ...query, formato } } });
      if (res.status === 202) {
        const criada = ExportacaoCriada.parse(JSON.parse(await res.data.text()));
        setState({
          kind: 'job',
          exportacao: {
            id_exportacao: criada.id_exportacao,
            lista: '',
            formato,
            situacao: criada.situacao,
            linhas: 0,
            total: criada.total,
            progresso: 0,
            nome_arquivo: '',
            criada_em: '',
            concluida_em: null,
            expira_em: null,
            url: null,
            erro: null,
          },
        });
        follow(criada.id_exportacao);
        return;
      }
      saveBlob(res.data, fileNameOf(res.headers.get('content-disposition'), `${what}.${formato}`));
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'error', message: describeError(error) });
    }
  };

  const download = async (e: Exportacao) => {
    try {
      const res = await client.blob('/v1/adm/exportacoes/{id}/arquivo', {
        params: { path: { id: e.id_exportacao } },
      });
      saveBlob(res.data, fileNameOf(res.headers.get('content-disposition'), e.nome_arquivo));
    } catch (error) {
      setState({ kind: 'error', message: describeError(error) });
    }
  };

  const job = state.kind === 'job' ? state.exportacao : null;
  const running = job !== null && (job.situacao === 'pendente' || job.situacao === 'rodando');
  return (
    <Stack gap="xs" style={{ minWidth: 0 }}>
      <Group gap="sm">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              loading={state.kind === 'asking'}
              disabled={disabled || running}
              aria-label={`Exportar ${what}`}
            >
              Exportar
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void ask('csv')}>CSV</Menu.Item>
            <Menu.Item onClick={() => void ask('xlsx')}>Excel (XLSX)</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {job?.situacao === 'pronta' ? (
          <Button onClick={() => void download(job)} aria-label={`Baixar a exportação de ${what}`}>
            Baixar
          </Button>
        ) : null}
      </Group>
      {running ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            Preparando o arquivo: {job.linhas.toLocaleString('pt-BR')} de {job.total.toLocaleString('pt-BR')}{' '}
            linhas
          </Text>
          <Progress value={job.progresso} aria-label={`Progresso da exportação de ${what}`} />
        </Stack>
      ) : null}
      {job?.situacao === 'pronta' ? (
        <Text size="sm" role="status">
          Arquivo pronto: {job.linhas.toLocaleString('pt-BR')} linhas.
        </Text>
      ) : null}
      {job?.situacao === 'falha' || job?.situacao === 'expirada' ? (
        <Alert color="red" role="alert">
          {job.erro ?? 'A exportação não está mais disponível; peça outra.'}
        </Alert>
      ) : null}
      {state.kind === 'error' ? (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
