import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGE_SIZE, type CampanhaAdmin } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState } from '@/components/query-states';
import { ScrollTable } from '@/components/scroll-table';
import { useAdminCity } from '@/lib/admin-city';
import { formatDate } from '@/lib/format';
import { useCampanhasAdm } from '../api/get-campanhas-adm';
import { CampaignDialog } from './campaign-dialog';

export const NO_CAMPAIGNS = 'Nenhuma campanha cadastrada';

type Editing = { campanha: CampanhaAdmin | null } | null;

/**
 * 'Campanhas' (spec §2 Admin lists): the admin city's campaigns, newest first, 20 a page,
 * with Nova, a search box, Editar per row and the campaign dialog.
 */
export function CampaignScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const [pagina, setPagina] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  // Another city starts from its first page.
  const [listedCity, setListedCity] = useState(codCidade);
  if (listedCity !== codCidade) {
    setListedCity(codCidade);
    setPagina(1);
  }

  const query = useCampanhasAdm({ codCidade, pagina, q });
  // The last campaign of a page went away: show the page before.
  if (query.data && query.data.itens.length === 0 && pagina > 1 && !query.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  if (codCidade <= 0) {
    return (
      <Stack gap="md">
        <PageTitle>Campanhas</PageTitle>
        <EmptyState>
          {canChoose
            ? 'Escolha a cidade no topo da página para ver as campanhas.'
            : 'Sua conta ainda não tem uma cidade.'}
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>Campanhas</PageTitle>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <form
          role="search"
          aria-label="Buscar campanhas"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(search.trim());
            setPagina(1);
          }}
          style={{ flex: '1 1 220px' }}
        >
          <TextInput
            label="Buscar"
            placeholder="Descrição da campanha"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            rightSectionWidth={42}
            rightSection={
              <ActionIcon type="submit" variant="filled" size="lg" aria-label="Buscar">
                <SearchIcon />
              </ActionIcon>
            }
          />
        </form>
        <Button onClick={() => setEditing({ campanha: null })}>Nova</Button>
      </Group>

      <CampaignTable
        query={query}
        q={q}
        pagina={pagina}
        onPage={setPagina}
        onEdit={(campanha) => setEditing({ campanha })}
      />

      {editing ? (
        <CampaignDialog
          key={editing.campanha?.id_campanha ?? 'nova'}
          campanha={editing.campanha}
          codCidade={codCidade}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

interface CampaignTableProps {
  query: ReturnType<typeof useCampanhasAdm>;
  q: string;
  pagina: number;
  onPage: (page: number) => void;
  onEdit: (campanha: CampanhaAdmin) => void;
}

function CampaignTable({ query, q, pagina, onPage, onEdit }: CampaignTableProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando campanhas…</VisuallyHidden>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Não foi possível carregar as campanhas."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { itens, total } = query.data;
  if (itens.length === 0) {
    return <EmptyState>{q ? `Nenhuma campanha encontrada para "${q}".` : NO_CAMPAIGNS}</EmptyState>;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {total === 1 ? '1 campanha' : `${total} campanhas`}
      </Text>
      <ScrollTable label="Campanhas" minWidth={320}>
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
              <Table.Th scope="col">Início</Table.Th>
              <Table.Th scope="col">Fim</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {itens.map((c) => (
              <Table.Tr key={c.id_campanha}>
                <Table.Td>{c.id_campanha}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '7em' }}>{c.den_campanha}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(c.validade_ini.slice(0, 10))}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(c.validade_fim.slice(0, 10))}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    px={phone ? 8 : undefined}
                    onClick={() => onEdit(c)}
                    aria-label={`Editar ${c.den_campanha}`}
                  >
                    Editar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={onPage} label="campanhas" />
    </Stack>
  );
}
