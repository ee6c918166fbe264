import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { MeusNumeros } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { apuracaoPath, paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useMeusNumeros } from '../api/get-meus-numeros';

type Numero = MeusNumeros[number]['numeros'][number];

/**
 * /meu/numeros (issue 36): the resident's lucky numbers (série-número) per campaign, the
 * apurações each one is frozen in, and a clear mark on a winning or an annulled number.
 */
export function MeusNumerosScreen() {
  const query = useMeusNumeros();

  let content;
  if (query.isPending) {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando seus números…</VisuallyHidden>
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar seus números."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.every((c) => c.numeros.length === 0)) {
    content = (
      <EmptyState illustration="cupom">
        Você ainda não tem números da sorte. Cada cupom que você ganha numa compra é um número.
      </EmptyState>
    );
  } else {
    content = query.data
      .filter((c) => c.numeros.length > 0)
      .map((c) => (
        <Paper key={c.id_campanha} withBorder radius="md" p="sm" component="section">
          <Stack gap="xs">
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {c.den_campanha}
            </Title>
            <Text size="sm" c="dimmed">
              {c.numeros.length === 1 ? '1 número' : `${c.numeros.length} números`}
            </Text>
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={c.den_campanha}
            >
              {c.numeros.map((n) => (
                <NumeroItem key={n.serie_numero} numero={n} />
              ))}
            </Stack>
          </Stack>
        </Paper>
      ));
  }

  return (
    <Stack gap="md">
      <PageTitle>Meus números da sorte</PageTitle>
      <Text maw={640}>
        Cada cupom é um número no formato série-número. Quando uma apuração é agendada, os números do momento
        são congelados no arquivo público de bilhetes.{' '}
        <Anchor component={Link} to={paths.sorteios}>
          Ver os sorteios da cidade
        </Anchor>
      </Text>
      {content}
    </Stack>
  );
}

/** 'apurada', 'agendada'…: how an apuração a number is in stands, in words. */
const SITUACAO: Record<Numero['apuracoes'][number]['status'], string> = {
  congelando: 'agendada',
  agendada: 'agendada',
  suspensa: 'suspensa',
  apurada: 'apurada',
};

function NumeroItem({ numero: n }: { numero: Numero }) {
  return (
    <li>
      <Paper bg={n.ganhador ? 'sol.0' : 'gray.0'} radius="sm" p="xs">
        <Group gap="xs" wrap="wrap">
          <Text ff="monospace" fw={700} td={n.anulado ? 'line-through' : undefined}>
            {n.serie_numero}
          </Text>
          {n.ganhador ? (
            <Badge color="sol.9" variant="filled">
              Ganhador!
            </Badge>
          ) : null}
          {n.premio_anulado ? (
            <Badge color="red.9" variant="outline">
              Prêmio anulado
            </Badge>
          ) : null}
          {n.anulado ? (
            <Badge color="red.9" variant="outline">
              Anulado
            </Badge>
          ) : null}
          {/* Issue 51: a coupon that goes to an entity says so. */}
          {n.doado_para ? (
            <Text size="sm" c="dimmed">
              Doado para {n.doado_para}
            </Text>
          ) : null}
        </Group>
        {n.apuracoes.length > 0 ? (
          <Stack gap={2} mt={4}>
            {n.apuracoes.map((a) => (
              <Text size="sm" key={a.id_apuracao}>
                <Anchor component={Link} to={apuracaoPath(a.id_apuracao)}>
                  Na apuração do concurso nº {a.concurso}, {formatDate(a.data_concurso)}
                </Anchor>{' '}
                ({SITUACAO[a.status]})
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" mt={4}>
            Ainda não está em nenhuma apuração agendada
          </Text>
        )}
      </Paper>
    </li>
  );
}
