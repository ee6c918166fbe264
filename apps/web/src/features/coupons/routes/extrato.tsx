import { useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { ExtratoItem } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { MinhasContestacoes, NaoReconhecoButton, NaoRegistradaDialog } from '../components/contestacao-parts';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useExtrato } from '../api/get-extrato';
import { filterExtrato } from '../components/extrato-filter';

/**
 * 'Extrato de Lançamentos' (spec §2): the consumer's sales as cards, filtered by shop name; each
 * line can be contested, and a purchase never credited claimed (issue 37).
 */
export function Component() {
  const query = useExtrato();
  const [filtro, setFiltro] = useState('');
  const [naoRegistrada, setNaoRegistrada] = useState(false);
  const done = (message: string) => {
    setNaoRegistrada(false);
    notifySuccess(message);
  };

  let content;
  if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status">
        <VisuallyHidden>Carregando o extrato…</VisuallyHidden>
        <Skeleton h={150} />
        <Skeleton h={150} />
        <Skeleton h={150} />
      </SimpleGrid>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar o extrato."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState>
        Você ainda não tem lançamentos. Suas compras nos estabelecimentos participantes aparecem aqui.
      </EmptyState>
    );
  } else {
    const linhas = filterExtrato(query.data, filtro);
    content = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {linhas.length === 1 ? '1 lançamento' : `${linhas.length} lançamentos`}
        </Text>
        {linhas.length === 0 ? (
          <EmptyState>Nenhum lançamento de estabelecimento com “{filtro.trim()}”.</EmptyState>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {linhas.map((l) => (
              <li key={l.id_venda}>
                <ExtratoCard linha={l} onContested={done} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <PageTitle>Extrato de Lançamentos</PageTitle>
        <Button variant="default" onClick={() => setNaoRegistrada(true)}>
          Minha compra não foi registrada
        </Button>
      </Group>
      <TextInput
        label="Buscar estabelecimento"
        placeholder="Nome do estabelecimento"
        value={filtro}
        onChange={(e) => setFiltro(e.currentTarget.value)}
        leftSection={<SearchIcon />}
        maw={{ sm: 420 }}
        type="search"
      />
      {content}
      <MinhasContestacoes />
      {naoRegistrada ? <NaoRegistradaDialog onClose={() => setNaoRegistrada(false)} onDone={done} /> : null}
    </Stack>
  );
}

function ExtratoCard({ linha, onContested }: { linha: ExtratoItem; onContested: (message: string) => void }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      h="100%"
      component="article"
      aria-label={`Venda ${linha.id_venda}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={2}>
            {linha.nomeestabelecimento}
          </Text>
          <Text size="sm" c="dimmed">
            Venda {linha.id_venda} · {formatDate(linha.dat_venda)}
          </Text>
          {/* The shop's own receipt number, as on the person's receipt, so the two can be matched. */}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="numero-venda">
            Número da venda: {linha.numero_venda}
          </Text>
        </Stack>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(linha.valor_venda)}
        </Text>
      </Group>
      <Group gap="lg" mt="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Cashback
          </Text>
          <Text size="sm" fw={600}>
            {formatMoney(linha.cashback)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Pontos
          </Text>
          <Text size="sm" fw={600}>
            {formatNumber(linha.pontos, 2)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Cupons
          </Text>
          <Text size="sm" fw={600}>
            {linha.cupons}
          </Text>
        </Stack>
      </Group>
      {linha.den_campanha ? (
        <Text size="xs" c="dimmed" mt="xs">
          Campanha {linha.den_campanha}
        </Text>
      ) : null}
      <NaoReconhecoButton linha={linha} onDone={onContested} />
    </Card>
  );
}
