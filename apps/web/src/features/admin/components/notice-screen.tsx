import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZE, type AvisoAdmin } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { useAdminCity } from '@/lib/admin-city';
import { formatDate } from '@/lib/format';
import { useAvisosAdm } from '../api/get-avisos-adm';
import { NoticeDialog } from './notice-dialog';

export const NO_NOTICES = 'Nenhum aviso cadastrado';

type Editing = { aviso: AvisoAdmin | null } | null;

/**
 * 'Avisos' (spec §2): the admin city's notices, valid or expired, newest first, 20 a page,
 * with Novo, Editar per row and the notice dialog.
 */
export function NoticeScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const [pagina, setPagina] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  // Another city starts from its first page.
  const [listedCity, setListedCity] = useState(codCidade);
  if (listedCity !== codCidade) {
    setListedCity(codCidade);
    setPagina(1);
  }

  const query = useAvisosAdm({ codCidade, pagina });
  // The last notice of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  if (codCidade <= 0) {
    return (
      <Stack gap="md">
        <PageTitle>Avisos</PageTitle>
        <EmptyState>
          {canChoose
            ? 'Escolha a cidade no topo da página para ver os avisos.'
            : 'Sua conta ainda não tem uma cidade.'}
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Avisos</PageTitle>
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ aviso: null })}>Novo</Button>
      </Group>
      <NoticeTable
        query={query}
        pagina={pagina}
        onPage={setPagina}
        onEdit={(aviso) => setEditing({ aviso })}
      />
      {editing ? (
        <NoticeDialog
          key={editing.aviso?.id_aviso ?? 'novo'}
          aviso={editing.aviso}
          codCidade={codCidade}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

interface NoticeTableProps {
  query: ReturnType<typeof useAvisosAdm>;
  pagina: number;
  onPage: (page: number) => void;
  onEdit: (aviso: AvisoAdmin) => void;
}

function NoticeTable({ query, pagina, onPage, onEdit }: NoticeTableProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando avisos…</VisuallyHidden>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar os avisos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { itens, total } = query.data;
  if (itens.length === 0) return <EmptyState>{NO_NOTICES}</EmptyState>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {total === 1 ? '1 aviso' : `${total} avisos`}
      </Text>
      <ScrollTable label="Avisos" minWidth={320}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing={phone ? 6 : 'sm'}
          fz={phone ? 13 : 'sm'}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Id</Table.Th>
              <Table.Th scope="col">Título</Table.Th>
              <Table.Th scope="col">Validade</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {itens.map((a) => (
              <Table.Tr key={a.id_aviso}>
                <Table.Td>{a.id_aviso}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '7em' }}>{a.title}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.validade.slice(0, 10))}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    px={phone ? 8 : undefined}
                    onClick={() => onEdit(a)}
                    aria-label={`Editar ${a.title}`}
                  >
                    Editar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={onPage} label="avisos" />
    </Stack>
  );
}
