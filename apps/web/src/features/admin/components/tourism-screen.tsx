import { useState } from 'react';
import { Button, Group, NativeSelect, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZE, TOURISM_TYPES, type TurismoItem } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { useAdminCity } from '@/lib/admin-city';
import { formatDate } from '@/lib/format';
import { useTurismoAdm } from '../api/get-turismo-adm';
import { TourismDialog } from './tourism-dialog';

export const NO_TOURISM = 'Nenhum item de turismo cadastrado';
export const ALL_TYPES = 'Todos';

type Editing = { item: TurismoItem | null } | null;

const typeName = (tipo: number) => TOURISM_TYPES[tipo] ?? String(tipo);

/**
 * 'Turismo' (spec §2 Admin lists, issue 7): the admin city's tourism guide, 20 a page, with a
 * type filter, Novo, Editar per row and the tourism dialog.
 */
export function TourismScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const [pagina, setPagina] = useState(1);
  const [tipo, setTipo] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  // Another city starts from its first page.
  const [listedCity, setListedCity] = useState(codCidade);
  if (listedCity !== codCidade) {
    setListedCity(codCidade);
    setPagina(1);
  }

  const query = useTurismoAdm({ codCidade, tipo, pagina });
  // The last item of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  if (codCidade <= 0) {
    return (
      <Stack gap="md">
        <PageTitle>Turismo</PageTitle>
        <EmptyState>
          {canChoose
            ? 'Escolha a cidade no topo da página para ver os itens de turismo.'
            : 'Sua conta ainda não tem uma cidade.'}
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Turismo</PageTitle>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Tipo"
          value={tipo === null ? '' : String(tipo)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setTipo(v === '' ? null : Number(v));
            setPagina(1);
          }}
          data={[
            { value: '', label: ALL_TYPES },
            ...TOURISM_TYPES.map((label, i) => ({ value: String(i), label })),
          ]}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Button onClick={() => setEditing({ item: null })}>Novo</Button>
      </Group>

      <TourismTable
        query={query}
        filtered={tipo !== null}
        pagina={pagina}
        onPage={setPagina}
        onEdit={(item) => setEditing({ item })}
      />

      {editing ? (
        <TourismDialog
          key={editing.item?.id_turismo ?? 'novo'}
          item={editing.item}
          codCidade={codCidade}
          tipoInicial={tipo ?? 0}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

interface TourismTableProps {
  query: ReturnType<typeof useTurismoAdm>;
  filtered: boolean;
  pagina: number;
  onPage: (page: number) => void;
  onEdit: (item: TurismoItem) => void;
}

function TourismTable({ query, filtered, pagina, onPage, onEdit }: TourismTableProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando itens de turismo…</VisuallyHidden>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar os itens de turismo."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { itens, total } = query.data;
  if (itens.length === 0) {
    return <EmptyState>{filtered ? 'Nenhum item de turismo deste tipo.' : NO_TOURISM}</EmptyState>;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {total === 1 ? '1 item' : `${total} itens`}
      </Text>
      <ScrollTable label="Itens de turismo" minWidth={320}>
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
              <Table.Th scope="col">Descrição</Table.Th>
              <Table.Th scope="col">Tipo</Table.Th>
              <Table.Th scope="col">Ativo</Table.Th>
              <Table.Th scope="col">Validade</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {itens.map((t) => {
              const validade = t.validadeate ?? t.validade_ate;
              return (
                <Table.Tr key={t.id_turismo}>
                  <Table.Td>{t.id_turismo}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '7em' }}>{t.descricao}</Table.Td>
                  <Table.Td>{typeName(t.tipo)}</Table.Td>
                  <Table.Td>{t.ind_ativo === 'S' ? 'Sim' : 'Não'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {validade ? formatDate(validade.slice(0, 10)) : '—'}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      px={phone ? 8 : undefined}
                      onClick={() => onEdit(t)}
                      aria-label={`Editar ${t.descricao}`}
                    >
                      Editar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={onPage} label="itens de turismo" />
    </Stack>
  );
}
