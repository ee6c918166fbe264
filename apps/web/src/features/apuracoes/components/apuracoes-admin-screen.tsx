import { useMemo, useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { MSG_APURACAO, type ItemSorteioPublico } from '@praca/contract';
import { AdminCityPrompt } from '@/components/admin-list/admin-list';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { apuracaoPath } from '@/config/paths';
import { useAdminCity } from '@/lib/admin-city';
import { describeError } from '@/lib/api-client';
import { useCampanhasOpcoesAdm } from '@/lib/api/get-campanhas-opcoes-adm';
import { formatDate, formatNumber } from '@/lib/format';
import { useBaixarAta } from '../api/admin-apuracoes';
import { byNewest, useSorteiosPublicos } from '../api/get-sorteios-publicos';
import { AgendarDialog, ReagendarDialog, ResultadoDialog, type ApuracaoAlvo } from './apuracao-dialogs';
import { StatusBadge } from './record-parts';

type Open =
  | { kind: 'agendar' }
  | { kind: 'resultado'; alvo: ApuracaoAlvo }
  | { kind: 'reagendar'; alvo: ApuracaoAlvo }
  | null;

interface Notice {
  message: string;
  tone: 'error' | 'success';
  seq: number;
}

const alvoOf = (a: ItemSorteioPublico): ApuracaoAlvo => ({
  idApuracao: a.id_apuracao ?? 0,
  concurso: a.concurso ?? 0,
  data: a.data,
});

/**
 * 'Apurações' (issue 36): the admin city's campaigns, the chosen one's apurações by the
 * Loteria Federal (from the public list, so the admin sees what the public sees), and per
 * apuração its result, rescheduling, the ata and the public record.
 */
export function ApuracoesAdminScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const campanhas = useCampanhasOpcoesAdm(codCidade);
  const lista = useSorteiosPublicos(codCidade);
  const ata = useBaixarAta();
  const [picked, setPicked] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

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

  const say = (message: string, tone: Notice['tone']) =>
    setNotice((prev) => ({ message, tone, seq: (prev?.seq ?? 0) + 1 }));
  const done = (message: string) => {
    setOpen(null);
    say(message, 'success');
  };
  const baixarAta = (id: number) =>
    ata.mutate(id, { onError: (e) => say(describeError(e, 'Não foi possível baixar a ata'), 'error') });

  if (codCidade <= 0)
    return (
      <AdminCityPrompt
        title="Apurações"
        canChoose={canChoose}
        noun={{ article: 'as', plural: 'apurações' }}
      />
    );

  let content;
  if (campanhas.isError || lista.isError) {
    const failed = campanhas.isError ? campanhas : lista;
    content = (
      <ErrorState
        title={
          campanhas.isError
            ? 'Não foi possível carregar as campanhas.'
            : 'Não foi possível carregar as apurações.'
        }
        error={failed.error}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else if (campanhas.isPending || lista.isPending) {
    content = (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando apurações…</VisuallyHidden>
        <Skeleton h={96} radius="md" />
        <Skeleton h={96} radius="md" />
      </Stack>
    );
  } else if (options.length === 0) {
    content = <EmptyState>Nenhuma campanha cadastrada nesta cidade</EmptyState>;
  } else if (apuracoes.length === 0) {
    content = <EmptyState>Nenhuma apuração agendada nesta campanha</EmptyState>;
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Apurações">
        {apuracoes.map((a) => (
          <li key={a.id_apuracao}>
            <Paper withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Title order={2} fz="h5">
                    Concurso {a.concurso}
                  </Title>
                  <StatusBadge status={a.status} />
                </Group>
                <Text size="sm">
                  Data do concurso {formatDate(a.data)} · {formatNumber(a.qtd_bilhetes)}{' '}
                  {a.qtd_bilhetes === 1 ? 'bilhete' : 'bilhetes'}
                  {a.status === 'apurada' ? ` · ${a.ganhadores.length} ganhadores` : ''}
                  {a.status === 'congelando' ? ' · Congelando os bilhetes…' : ''}
                </Text>
                {a.hash ? (
                  <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    SHA-256 {a.hash}
                  </Text>
                ) : null}
                <Group gap="xs" wrap="wrap" mt={4}>
                  {a.status === 'agendada' ? (
                    <>
                      <Button
                        size="xs"
                        onClick={() => setOpen({ kind: 'resultado', alvo: alvoOf(a) })}
                        aria-label={`Lançar resultado do concurso ${a.concurso}`}
                      >
                        Lançar resultado
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setOpen({ kind: 'reagendar', alvo: alvoOf(a) })}
                        aria-label={`Reagendar o concurso ${a.concurso}`}
                      >
                        Reagendar
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => baixarAta(a.id_apuracao ?? 0)}
                      loading={ata.isPending && ata.variables === a.id_apuracao}
                      aria-label={`Baixar ata (PDF) do concurso ${a.concurso}`}
                    >
                      Baixar ata (PDF)
                    </Button>
                  )}
                  <Anchor
                    component={Link}
                    to={apuracaoPath(a.id_apuracao ?? 0)}
                    size="sm"
                    aria-label={`Registro público do concurso ${a.concurso}`}
                  >
                    Registro público
                  </Anchor>
                </Group>
              </Stack>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <PageTitle>Apurações</PageTitle>
        <Button onClick={() => setOpen({ kind: 'agendar' })} disabled={options.length === 0}>
          Agendar apuração
        </Button>
      </Group>
      <Text size="sm" maw={720}>
        Sorteios pela Loteria Federal: ao agendar, os cupons da campanha são congelados e o hash do arquivo é
        publicado; depois do concurso, lance os 5 primeiros prêmios e os ganhadores saem pela regra publicada.
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
      <FormAlert
        message={notice?.message ?? null}
        seq={notice?.seq}
        tone={notice?.tone}
        onClose={() => setNotice(null)}
        closeOnClick
      />
      {content}

      {open?.kind === 'agendar' ? (
        <AgendarDialog
          campanhas={options}
          idCampanha={idCampanha}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
      {open?.kind === 'resultado' ? <ResultadoDialog alvo={open.alvo} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'reagendar' ? (
        <ReagendarDialog alvo={open.alvo} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </Stack>
  );
}
