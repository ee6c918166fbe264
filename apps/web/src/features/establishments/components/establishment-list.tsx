import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EstabelecimentoAdminItem } from '@praca/contract';
import { NO_CITY } from '@praca/contract/plain';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { ExportMenu } from '@/components/export-menu';
import { paths } from '@/config/paths';
import { EmptyState } from '@/components/query-states';
import { useAdminCity } from '@/lib/admin-city';
import { useSession } from '@/lib/session';
import { useEstabelecimentosAdm } from '../api/get-estabelecimentos-adm';
import { AdminListTable, type AdminListColumn, type AdminListNoun } from '@/components/admin-list/admin-list';
import { EstablishmentDialog } from './establishment-dialog';

/** The search waits for a pause in typing (spec §2: search by id or name). */
const SEARCH_DEBOUNCE_MS = 300;

const EMPTY_LIST_TEXT = 'Nenhum estabelecimento encontrado';

const NOUN: AdminListNoun = { article: 'os', plural: 'estabelecimentos' };

const COLUMNS: AdminListColumn<EstabelecimentoAdminItem>[] = [
  { header: 'Código', cell: (e) => e.id_estabelecimento },
  {
    header: 'Nome',
    cell: (e) => e.nome,
    phone: 'title',
    style: { overflowWrap: 'anywhere', minWidth: '8em' },
  },
  { header: 'Bairro / Cidade', cell: (e) => [e.bairro, e.cidade].filter(Boolean).join(' / ') },
  {
    header: 'Situação',
    cell: (e) =>
      e.ind_ativo === 'S' ? (
        <Badge color="praca" variant="filled">
          Ativo
        </Badge>
      ) : (
        <Badge color="gray.7" variant="filled">
          Inativo
        </Badge>
      ),
  },
  {
    // Residents' complaints against the shop that an admin accepted (issue 37).
    header: 'Contestações aceitas',
    cell: (e) => e.contestacoes_aceitas,
  },
];

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
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <PageTitle>Estabelecimentos</PageTitle>
        {needsCity ? null : (
          <ExportMenu
            path="/v1/adm/estabelecimentos"
            what="estabelecimentos"
            query={{ cod_cidade: city || undefined, q: q || undefined }}
          />
        )}
      </Group>

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
            <Button component={Link} to={paths.admin.importarEstabelecimentos} variant="light">
              Importar
            </Button>
          </Group>
          <AdminListTable
            query={list}
            noun={NOUN}
            count={['estabelecimento', 'estabelecimentos']}
            minWidth={520}
            empty={q ? `${EMPTY_LIST_TEXT} para "${q}".` : EMPTY_LIST_TEXT}
            columns={COLUMNS}
            rowKey={(e) => e.id_estabelecimento}
            editLabel={(e) => `Editar ${e.nome}`}
            onEdit={(e) => setEditing({ id: e.id_estabelecimento, nome: e.nome })}
            pagina={pagina}
            onPage={setPagina}
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
