import { useMemo } from 'react';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ItemSorteioPublico } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { PublicCitySelect } from '@/components/public-city-select';
import { EmptyState, ErrorState } from '@/components/query-states';
import { apuracaoPath, sorteioInstantaneoPath } from '@/config/paths';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { usePublicCity } from '@/lib/use-public-city';
import { byNewest, useSorteiosPublicos } from '../api/get-sorteios-publicos';
import { StatusBadge } from './record-parts';

/**
 * /sorteios (issue 36), public: the city's apurações by the Loteria Federal and its instant
 * draws, newest first, each leading to its public record.
 */
export function SorteiosScreen() {
  const [codCidade, setCodCidade] = usePublicCity();
  const query = useSorteiosPublicos(codCidade);
  const items = useMemo(() => [...(query.data ?? [])].sort(byNewest), [query.data]);

  let content;
  if (codCidade <= 0) {
    content = <EmptyState>Escolha a cidade para ver os sorteios.</EmptyState>;
  } else if (query.isPending) {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando sorteios…</VisuallyHidden>
        <Skeleton h={96} radius="md" />
        <Skeleton h={96} radius="md" />
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar os sorteios."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = <EmptyState illustration="cupom">Nenhum sorteio publicado ainda</EmptyState>;
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sorteios">
        {items.map((item) => (
          <li
            key={`${item.tipo}-${item.id_apuracao ?? item.id_registro ?? `aberto-${item.hash ?? item.data}`}`}
          >
            <SorteioCard item={item} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Sorteios</PageTitle>
      <Text maw={640}>
        As apurações pela Loteria Federal e os sorteios da cidade, com tudo o que é preciso para conferir quem
        ganhou.
      </Text>
      <PublicCitySelect value={codCidade} onChange={setCodCidade} />
      {content}
    </Stack>
  );
}

function SorteioCard({ item }: { item: ItemSorteioPublico }) {
  if (item.status === 'aberto') return <AbertoCard item={item} />;
  const apuracao = item.tipo === 'apuracao';
  const to = apuracao ? apuracaoPath(item.id_apuracao ?? 0) : sorteioInstantaneoPath(item.id_registro ?? 0);
  const title = apuracao ? `Apuração do concurso ${item.concurso ?? ''}` : 'Sorteio instantâneo';
  const winners = item.ganhadores.filter((g) => !g.anulado).length;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} fz="h5" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={to}>
              {title}
            </Anchor>
          </Title>
          <StatusBadge status={item.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.den_campanha}
        </Text>
        <Text size="sm" c="dimmed">
          {apuracao
            ? `Concurso de ${formatDate(item.data)} · ${formatNumber(item.qtd_bilhetes)} ${
                item.qtd_bilhetes === 1 ? 'bilhete' : 'bilhetes'
              }`
            : `Realizado em ${formatDateTime(item.data)}`}
          {item.status === 'congelando' ? ' · Congelando os bilhetes…' : ''}
          {item.status === 'agendada' || item.status === 'congelando'
            ? ''
            : ` · ${winners === 1 ? '1 ganhador' : `${winners} ganhadores`}`}
        </Text>
        {item.ganhadores.some((g) => g.anulado) ? (
          <Text size="sm" c="red.9">
            Com ganhador anulado: veja o motivo no registro.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * An opened draw dialog no draw used (issue 49): public too, with the seed hash it published,
 * so a discarded opening is never hidden. It has no record page.
 */
function AbertoCard({ item }: { item: ItemSorteioPublico }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} fz="h5" style={{ overflowWrap: 'anywhere' }}>
            Sorteio instantâneo
          </Title>
          <Badge color="sol.9" variant="outline">
            Aberto
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.den_campanha}
        </Text>
        <Text size="sm" c="dimmed">
          Aberto em {formatDateTime(item.data)} · Aberto, sem sorteio
        </Text>
        {item.hash ? (
          <Text size="xs" c="dimmed">
            Hash da semente:{' '}
            <Text span ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
              {item.hash}
            </Text>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
