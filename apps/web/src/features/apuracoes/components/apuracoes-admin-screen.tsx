import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifySuccess } from '@/lib/notify';
import { Link } from 'react-router';
import {
  MSG_APURACAO,
  type AgendamentoApuracao,
  type Apuracao,
  type ItemSorteioPublico,
} from '@praca/contract';
import { AdminCityPrompt, AdminListStates } from '@/components/admin-list/admin-list';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { EmptyState } from '@/components/query-states';
import { apuracaoPath } from '@/config/paths';
import { useAdminCity } from '@/lib/admin-city';
import { describeError } from '@/lib/api-client';
import { useCampanhasOpcoesAdm } from '@/lib/api/get-campanhas-opcoes-adm';
import { bilhetesUrl } from '@/lib/api/get-registro-sorteio';
import { formatDate, formatNumber } from '@/lib/format';
import { useBaixarAta } from '../api/admin-apuracoes';
import { useApuracao } from '../api/get-apuracao';
import { byNewest, useSorteiosPublicos } from '../api/get-sorteios-publicos';
import { agendadaMessage, AgendarDialog } from './agendar-dialog';
import { ConcursoNaoRealizadoDialog, PublicacaoDialog, ReagendarDialog } from './row-dialogs';
import { ResultadoDialog, type ApuracaoAlvo } from './resultado-dialog';
import { PromotorSection } from './promotor-section';
import { StatusBadge } from './record-parts';

type Dialog = 'resultado' | 'reagendar' | 'naoRealizado' | 'publicacao';
type Open = { kind: 'agendar' } | { kind: Dialog; alvo: ApuracaoAlvo } | null;

/** The apuração's own contest as a row dialog's target. */
const alvoOf = (a: ItemSorteioPublico): ApuracaoAlvo => ({
  idApuracao: a.id_apuracao ?? 0,
  concurso: a.concurso ?? 0,
  data: a.data,
});

/** A success, as a toast (the dialog that made it has closed). */
const notify = (message: string) => notifySuccess(message);

/** What scheduling left to look at: the complaints still open on the campaign. */
interface Contestacoes {
  quantas: number;
  campanha: string;
}

/**
 * 'Apurações' (issues 36 and 49): the admin city's campaigns, the chosen one's apurações by
 * the Loteria Federal (from the public list, so the admin sees what the public sees; each
 * row reads its full record for what the list leaves out), and per apuração its result by two
 * people, rescheduling, the contest not held, the edital's publications, the edital and the
 * ata, and the public record.
 */
export function ApuracoesAdminScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const campanhas = useCampanhasOpcoesAdm(codCidade);
  const lista = useSorteiosPublicos(codCidade);
  const [picked, setPicked] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [contestacoes, setContestacoes] = useState<Contestacoes | null>(null);

  const options = campanhas.data ?? [];
  // The pick, while it is one of this city's campaigns; else the newest campaign.
  const idCampanha = options.some((c) => String(c.id_campanha) === picked)
    ? picked
    : String(options[0]?.id_campanha ?? '');
  const apuracoes = useMemo(
    () =>
      (lista.data ?? [])
        .filter((i) => i.tipo === 'apuracao' && String(i.id_campanha) === idCampanha)
        .sort(byNewest),
    [lista.data, idCampanha],
  );

  const done = (message: string) => {
    setOpen(null);
    notify(message);
  };
  // The new apuração shows at once: its campaign becomes the one listed.
  const agendada = (a: AgendamentoApuracao) => {
    setOpen(null);
    setPicked(String(a.id_campanha));
    setContestacoes(
      a.contestacoes_abertas > 0 ? { quantas: a.contestacoes_abertas, campanha: a.den_campanha } : null,
    );
    notify(agendadaMessage(a));
  };

  if (codCidade <= 0)
    return (
      <AdminCityPrompt
        title="Apurações"
        canChoose={canChoose}
        noun={{ article: 'as', plural: 'apurações' }}
      />
    );

  // The campaigns come first (none: nothing to schedule), then the chosen one's apurações.
  const content =
    campanhas.isSuccess && options.length === 0 ? (
      <EmptyState>Nenhuma campanha cadastrada nesta cidade</EmptyState>
    ) : (
      <AdminListStates
        query={(campanhas.isSuccess ? lista : campanhas) as UseQueryResult<unknown>}
        noun={{ article: 'as', plural: 'apurações' }}
        errorTitle={
          campanhas.isError
            ? 'Não foi possível carregar as campanhas.'
            : 'Não foi possível carregar as apurações.'
        }
        skeletons={2}
        skeletonHeight={96}
        isEmpty={() => apuracoes.length === 0}
        empty="Nenhuma apuração agendada nesta campanha"
      >
        {() => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Apurações">
            {apuracoes.map((a) => (
              <ApuracaoRow
                key={a.id_apuracao}
                item={a}
                onOpen={(kind, alvo) => setOpen({ kind, alvo: alvo ?? alvoOf(a) })}
              />
            ))}
          </Stack>
        )}
      </AdminListStates>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <PageTitle>Apurações</PageTitle>
        <Button onClick={() => setOpen({ kind: 'agendar' })} disabled={options.length === 0}>
          Agendar apuração
        </Button>
      </Group>
      <PromotorSection codCidade={codCidade} canEdit={canChoose} />
      <Text size="sm" maw={720}>
        Sorteios pela Loteria Federal: ao agendar, os cupons da campanha são congelados e o hash do arquivo é
        publicado no edital; depois do concurso, duas pessoas lançam os 5 primeiros prêmios e os ganhadores
        saem pela regra publicada.
      </Text>
      <NativeSelect
        label="Campanha"
        data={
          options.length === 0
            ? [{ value: '', label: MSG_APURACAO.campanhaObrigatoria }]
            : options.map((c) => ({ value: String(c.id_campanha), label: c.den_campanha }))
        }
        value={idCampanha}
        onChange={(e) => setPicked(e.currentTarget.value)}
        rightSection={campanhas.isPending ? <Loader size="xs" /> : undefined}
        maw={420}
      />
      {contestacoes ? (
        <Paper withBorder radius="md" p="sm" bg="sol.0" role="status">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="sol.9" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {contestacoes.quantas === 1
                ? 'Há 1 contestação aberta nesta campanha'
                : `Há ${contestacoes.quantas} contestações abertas nesta campanha`}{' '}
              ({contestacoes.campanha}): responda antes do concurso.
            </Text>
            <CloseButton aria-label="Fechar aviso de contestações" onClick={() => setContestacoes(null)} />
          </Group>
        </Paper>
      ) : null}
      {content}

      {open?.kind === 'agendar' ? (
        <AgendarDialog
          campanhas={options}
          idCampanha={idCampanha}
          onClose={() => setOpen(null)}
          onDone={agendada}
        />
      ) : null}
      {open?.kind === 'resultado' ? <ResultadoDialog alvo={open.alvo} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'reagendar' ? (
        <ReagendarDialog alvo={open.alvo} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.kind === 'naoRealizado' ? (
        <ConcursoNaoRealizadoDialog alvo={open.alvo} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.kind === 'publicacao' ? (
        <PublicacaoDialog alvo={open.alvo} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </Stack>
  );
}

/** The earliest contest that pending substitutes wait for (its prizes name them). */
function suplentesPendentes(a: Apuracao | undefined): ApuracaoAlvo | null {
  const pendentes = (a?.ganhadores ?? [])
    .filter((g) => g.suplente && g.pendente && g.concurso !== null && g.data_concurso !== null)
    .sort((x, y) => (x.concurso ?? 0) - (y.concurso ?? 0));
  const first = pendentes[0];
  return a && first
    ? {
        idApuracao: a.id_apuracao,
        concurso: first.concurso ?? 0,
        data: first.data_concurso ?? '',
        suplentes: true,
      }
    : null;
}

/**
 * One apuração: the list's item, and from its full record (read once the file is frozen)
 * whether a result waits for its confirmation, the substitutes' pending contest and the edital.
 */
function ApuracaoRow({
  item: a,
  onOpen,
}: {
  item: ItemSorteioPublico;
  onOpen: (kind: Dialog, alvo?: ApuracaoAlvo) => void;
}) {
  const id = a.id_apuracao ?? 0;
  const registro = useApuracao(a.status === 'congelando' ? 0 : id).data;
  const ata = useBaixarAta();
  const [ataErro, setAtaErro] = useState<string | null>(null);
  const aguardando = registro?.aguardando_confirmacao === true;
  const suplentes = a.status === 'apurada' ? suplentesPendentes(registro) : null;
  const edital = registro ? bilhetesUrl(registro.edital) : null;
  const baixarAta = () => {
    setAtaErro(null);
    ata.mutate(id, { onError: (e) => setAtaErro(describeError(e, 'Não foi possível baixar a ata.')) });
  };

  return (
    <li>
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Title order={2} fz="h5">
              Concurso {a.concurso}
            </Title>
            <Group gap={4} justify="flex-end">
              {aguardando ? (
                <Badge color="blue.9" variant="outline">
                  Aguardando confirmação
                </Badge>
              ) : null}
              <StatusBadge status={a.status} />
            </Group>
          </Group>
          <Text size="sm">
            Data do concurso {formatDate(a.data)} · {formatNumber(a.qtd_bilhetes)}{' '}
            {a.qtd_bilhetes === 1 ? 'bilhete' : 'bilhetes'}
            {a.status === 'apurada' ? ` · ${a.ganhadores.length} ganhadores` : ''}
            {a.status === 'congelando' ? ' · Congelando os bilhetes…' : ''}
            {registro?.final ? ' · Apuração final' : ''}
          </Text>
          {a.hash ? (
            <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              SHA-256 {a.hash}
            </Text>
          ) : null}
          {a.status === 'suspensa' ? (
            <Text size="sm" c="red.9">
              {MSG_APURACAO.arquivoSuspenso}
            </Text>
          ) : null}
          {aguardando && registro?.lancado_por ? (
            <Text size="sm">
              Resultado lançado por {registro.lancado_por}: outra pessoa confirma lançando os mesmos prêmios.
            </Text>
          ) : null}
          {suplentes ? (
            <Text size="sm">
              Suplentes aguardam o concurso nº {suplentes.concurso}, de {formatDate(suplentes.data)}.
            </Text>
          ) : null}
          <Group gap="xs" wrap="wrap" mt={4}>
            {a.status === 'agendada' ? (
              <>
                <Button
                  size="xs"
                  onClick={() => onOpen('resultado')}
                  aria-label={`${aguardando ? 'Confirmar' : 'Lançar'} resultado do concurso ${a.concurso}`}
                >
                  {aguardando ? 'Confirmar resultado' : 'Lançar resultado'}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onOpen('reagendar')}
                  aria-label={`Reagendar o concurso ${a.concurso}`}
                >
                  Reagendar
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onOpen('naoRealizado')}
                  aria-label={`Concurso não realizado: concurso ${a.concurso}`}
                >
                  Concurso não realizado
                </Button>
              </>
            ) : null}
            {suplentes ? (
              <Button
                size="xs"
                onClick={() => onOpen('resultado', suplentes)}
                aria-label={`Lançar resultado dos suplentes: concurso ${suplentes.concurso}`}
              >
                Lançar resultado dos suplentes
              </Button>
            ) : null}
            {a.status !== 'congelando' ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => onOpen('publicacao')}
                aria-label={`Registrar publicação do edital do concurso ${a.concurso}`}
              >
                Registrar publicação
              </Button>
            ) : null}
            {a.status === 'apurada' ? (
              <Button
                size="xs"
                variant="default"
                onClick={baixarAta}
                loading={ata.isPending}
                aria-label={`Baixar ata (PDF) do concurso ${a.concurso}`}
              >
                Baixar ata (PDF)
              </Button>
            ) : null}
          </Group>
          <Group gap="md" wrap="wrap">
            {edital ? (
              <Anchor
                href={edital}
                target="_blank"
                size="sm"
                aria-label={`Edital (PDF) do concurso ${a.concurso}`}
              >
                Edital (PDF)
              </Anchor>
            ) : null}
            <Anchor
              component={Link}
              to={apuracaoPath(id)}
              size="sm"
              aria-label={`Registro público do concurso ${a.concurso}`}
            >
              Registro público
            </Anchor>
          </Group>
          <FormAlert message={ataErro} onClose={() => setAtaErro(null)} />
        </Stack>
      </Paper>
    </li>
  );
}
