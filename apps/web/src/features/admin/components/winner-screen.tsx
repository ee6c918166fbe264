import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZE, type ContempladoAdmin } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { useAdminCity } from '@/lib/admin-city';
import { formatDate } from '@/lib/format';
import { useContempladosAdm } from '../api/get-contemplados-adm';
import { DrawDialog } from './draw-dialog';
import { WinnerDialog } from './winner-dialog';

export const NO_WINNERS = 'Nenhum contemplado ainda';

type Open = { kind: 'sorteio' } | { kind: 'contemplado'; id: number; nome?: string } | null;

/**
 * 'Contemplados' (spec §2 Admin lists): the admin city's winners, 20 a page, with the draw
 * date, the campaign and the winner; 'Nova' opens the winner dialog empty, 'Sorteio' the
 * prize-draw dialog, 'Editar' a winner.
 */
export function WinnerScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const [pagina, setPagina] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  // Another city starts from its first page.
  const [listedCity, setListedCity] = useState(codCidade);
  if (listedCity !== codCidade) {
    setListedCity(codCidade);
    setPagina(1);
  }

  const query = useContempladosAdm({ codCidade, pagina });
  // The last winner of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  if (codCidade <= 0) {
    return (
      <Stack gap="md">
        <PageTitle>Contemplados</PageTitle>
        <EmptyState>
          {canChoose
            ? 'Escolha a cidade no topo da página para ver os contemplados.'
            : 'Sua conta ainda não tem uma cidade.'}
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <PageTitle>Contemplados</PageTitle>
        <Group gap="sm">
          <Button variant="default" onClick={() => setOpen({ kind: 'contemplado', id: 0 })}>
            Nova
          </Button>
          <Button onClick={() => setOpen({ kind: 'sorteio' })}>Sorteio</Button>
        </Group>
      </Group>

      <WinnerTable
        query={query}
        pagina={pagina}
        onPage={setPagina}
        onEdit={(c) => setOpen({ kind: 'contemplado', id: c.id_sorteado, nome: c.nome_sorteado })}
      />

      {open?.kind === 'sorteio' ? <DrawDialog codCidade={codCidade} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'contemplado' ? (
        <WinnerDialog
          key={open.id}
          idSorteado={open.id}
          nome={open.nome}
          codCidade={codCidade}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Stack>
  );
}

interface WinnerTableProps {
  query: ReturnType<typeof useContempladosAdm>;
  pagina: number;
  onPage: (page: number) => void;
  onEdit: (contemplado: ContempladoAdmin) => void;
}

function WinnerTable({ query, pagina, onPage, onEdit }: WinnerTableProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando contemplados…</VisuallyHidden>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar os contemplados."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { itens, total } = query.data;
  if (itens.length === 0) return <EmptyState>{NO_WINNERS}</EmptyState>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {total === 1 ? '1 contemplado' : `${total} contemplados`}
      </Text>
      <ScrollTable label="Contemplados" minWidth={320}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing={phone ? 6 : 'sm'}
          fz={phone ? 13 : 'sm'}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Data do sorteio</Table.Th>
              <Table.Th scope="col">Campanha</Table.Th>
              <Table.Th scope="col">Contemplado</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {itens.map((c) => (
              <Table.Tr key={c.id_sorteado}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(c.data_sorteio.slice(0, 10))}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '6em' }}>{c.den_campanha}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '6em' }}>{c.nome_sorteado}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    px={phone ? 8 : undefined}
                    onClick={() => onEdit(c)}
                    aria-label={`Editar ${c.nome_sorteado}`}
                  >
                    Editar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={onPage} label="contemplados" />
    </Stack>
  );
}
