import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { NO_CITY, PAGE_SIZE, type EstabelecimentoAdminItem } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { useAdminCity } from '@/lib/admin-city';
import { useSession } from '@/lib/session';
import { useEstabelecimentosAdm } from '../api/get-estabelecimentos-adm';
import { EstablishmentDialog } from './establishment-dialog';

/** The search waits for a pause in typing (spec §2: search by id or name). */
export const SEARCH_DEBOUNCE_MS = 300;

export const EMPTY_LIST_TEXT = 'Nenhum estabelecimento encontrado';

/** Which shop the dialog edits: id 0 is a new one; `nome` titles the dialog while it loads. */
type Editing = { id: number; nome?: string } | null;

/**
 * 'Estabelecimentos' (spec §2 Admin lists): search by code or name, 'Novo' for the
 * super-admin, the paged table (20) of the admin city's shops and the establishment dialog.
 * A non-super admin sees only its own shop(s): the server filters the list.
 */
export function EstablishmentsScreen() {
  const session = useSession();
  const superadmin = Boolean(session?.superadmin);
  const [city] = useAdminCity();
  const needsCity = superadmin && city === NO_CITY;

  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pagina, setPagina] = useState(1);
  // A new search or another city starts again on page 1.
  const filter = `${city}|${q}`;
  const [lastFilter, setLastFilter] = useState(filter);
  if (lastFilter !== filter) {
    setLastFilter(filter);
    setPagina(1);
  }
  const list = useEstabelecimentosAdm({ codCidade: city, q, pagina }, !needsCity);
  const [editing, setEditing] = useState<Editing>(null);

  // The last shop of a page went away: show the page before.
  if (list.data && list.data.itens.length === 0 && pagina > 1 && !list.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  return (
    <Stack gap="md">
      <PageTitle>Estabelecimentos</PageTitle>

      {needsCity ? (
        <EmptyState>Escolha a cidade no topo da página para ver os estabelecimentos.</EmptyState>
      ) : (
        <>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <form
              role="search"
              aria-label="Buscar estabelecimentos"
              onSubmit={(e) => e.preventDefault()}
              style={{ flex: '1 1 240px', maxWidth: 480 }}
            >
              <TextInput
                label="Buscar por código ou nome"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                leftSection={<SearchIcon />}
                autoComplete="off"
                maxLength={100}
              />
            </form>
            {superadmin ? <Button onClick={() => setEditing({ id: 0 })}>Novo</Button> : null}
          </Group>
          <EstablishmentTable
            query={list}
            q={q}
            pagina={pagina}
            onPage={setPagina}
            onEdit={(e) => setEditing({ id: e.id_estabelecimento, nome: e.nome })}
          />
        </>
      )}

      {editing ? (
        <EstablishmentDialog
          key={editing.id}
          id={editing.id}
          nome={editing.nome}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

interface EstablishmentTableProps {
  query: ReturnType<typeof useEstabelecimentosAdm>;
  q: string;
  pagina: number;
  onPage: (page: number) => void;
  onEdit: (e: EstabelecimentoAdminItem) => void;
}

function EstablishmentTable({ query, q, pagina, onPage, onEdit }: EstablishmentTableProps) {
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando estabelecimentos…</VisuallyHidden>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar os estabelecimentos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { itens, total } = query.data;
  if (itens.length === 0) {
    return <EmptyState>{q ? `${EMPTY_LIST_TEXT} para "${q}".` : EMPTY_LIST_TEXT}</EmptyState>;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {total === 1 ? '1 estabelecimento' : `${total} estabelecimentos`}
      </Text>
      <ScrollTable label="Estabelecimentos" minWidth={520}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Código</Table.Th>
              <Table.Th scope="col">Nome</Table.Th>
              <Table.Th scope="col">Bairro / Cidade</Table.Th>
              <Table.Th scope="col">Situação</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {itens.map((e) => (
              <Table.Tr key={e.id_estabelecimento}>
                <Table.Td>{e.id_estabelecimento}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '8em' }}>{e.nome}</Table.Td>
                <Table.Td>{[e.bairro, e.cidade].filter(Boolean).join(' / ')}</Table.Td>
                <Table.Td>
                  {e.ind_ativo === 'S' ? (
                    <Badge color="praca" variant="filled">
                      Ativo
                    </Badge>
                  ) : (
                    <Badge color="gray.7" variant="filled">
                      Inativo
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onEdit(e)}
                    aria-label={`Editar ${e.nome}`}
                  >
                    Editar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={onPage} label="estabelecimentos" />
    </Stack>
  );
}
