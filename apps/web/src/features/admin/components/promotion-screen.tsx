import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZE, type PromocaoAdmin } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { useAdminCity } from '@/lib/admin-city';
import { formatDate } from '@/lib/format';
import { usePromocoesAdm } from '../api/get-promocoes-adm';
import { PromotionDialog } from './promotion-dialog';

export const PROMOTIONS_TITLE = 'Promoções por Estabelecimento';
export const NO_PROMOTIONS = 'Nenhuma promoção cadastrada';

type Editing = { promocao: PromocaoAdmin | null } | null;

/**
 * 'Promoções por Estabelecimento' (spec §2): promotions of the admin city's shops, latest
 * start first, 20 a page, with Nova, Editar per row and the promotion dialog.
 */
export function PromotionScreen() {
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

  const query = usePromocoesAdm({ codCidade, pagina });
  // The last promotion of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  if (codCidade <= 0) {
    return (
      <Stack gap="md">
        <PageTitle>{PROMOTIONS_TITLE}</PageTitle>
        <EmptyState>
          {canChoose
            ? 'Escolha a cidade no topo da página para ver as promoções.'
            : 'Sua conta ainda não tem uma cidade.'}
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>{PROMOTIONS_TITLE}</PageTitle>
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ promocao: null })}>Nova</Button>
      </Group>
      <PromotionTable
        query={query}
        pagina={pagina}
        onPage={setPagina}
        onEdit={(promocao) => setEditing({ promocao })}
      />
      {editing ? (
        <PromotionDialog
          key={editing.promocao?.id_promocao ?? 'nova'}
          promocao={editing.promocao}
          codCidade={codCidade}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

interface PromotionTableProps {
  query: ReturnType<typeof usePromocoesAdm>;
  pagina: number;
  onPage: (page: number) => void;
  onEdit: (promocao: PromocaoAdmin) => void;
}

function PromotionTable({ query, pagina, onPage, onEdit }: PromotionTableProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando promoções…</VisuallyHidden>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar as promoções."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { itens, total } = query.data;
  if (itens.length === 0) return <EmptyState>{NO_PROMOTIONS}</EmptyState>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {total === 1 ? '1 promoção' : `${total} promoções`}
      </Text>
      <ScrollTable label="Promoções" minWidth={320}>
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
              <Table.Th scope="col">Estabelecimento</Table.Th>
              <Table.Th scope="col">Início</Table.Th>
              <Table.Th scope="col">Fim</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {itens.map((p) => (
              <Table.Tr key={p.id_promocao}>
                <Table.Td>{p.id_promocao}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '7em' }}>
                  {p.nomeestabelecimento}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.dat_inicio.slice(0, 10))}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.dat_final.slice(0, 10))}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    px={phone ? 8 : undefined}
                    onClick={() => onEdit(p)}
                    aria-label={`Editar promoção ${p.id_promocao}`}
                  >
                    Editar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={onPage} label="promoções" />
    </Stack>
  );
}
