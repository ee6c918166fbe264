import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import type { CampanhaAdmin } from '@praca/contract';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { ExportMenu } from '@/components/export-menu';
import { formatDate } from '@/lib/format';
import { useCampanhasAdm } from '../api/get-campanhas-adm';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { CampaignDialog } from './campaign-dialog';
import { useAdminList } from '@/components/admin-list/use-admin-list';

const NO_CAMPAIGNS = 'Nenhuma campanha cadastrada';

const NOUN: AdminListNoun = { article: 'as', plural: 'campanhas' };

type Editing = { campanha: CampanhaAdmin | null } | null;

/**
 * 'Campanhas' (spec §2 Admin lists): the admin city's campaigns, newest first, 20 a page,
 * with Nova, a search box, Editar per row and the campaign dialog.
 */
export function CampaignScreen() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useCampanhasAdm, { q });
  const [editing, setEditing] = useState<Editing>(null);

  if (codCidade <= 0) return <AdminCityPrompt title="Campanhas" canChoose={canChoose} noun={NOUN} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <PageTitle>Campanhas</PageTitle>
        <ExportMenu
          path="/v1/adm/campanhas"
          what="campanhas"
          query={{ cod_cidade: codCidade, q: q || undefined }}
        />
      </Group>
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

      <AdminListTable
        query={query}
        noun={NOUN}
        count={['campanha', 'campanhas']}
        empty={q ? `Nenhuma campanha encontrada para "${q}".` : NO_CAMPAIGNS}
        columns={[
          { header: 'Id', cell: (c) => c.id_campanha },
          {
            header: 'Descrição',
            cell: (c) => c.den_campanha,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '7em' },
          },
          {
            header: 'Início',
            cell: (c) => formatDate(c.validade_ini.slice(0, 10)),
            style: { whiteSpace: 'nowrap' },
          },
          {
            header: 'Fim',
            cell: (c) => formatDate(c.validade_fim.slice(0, 10)),
            style: { whiteSpace: 'nowrap' },
          },
        ]}
        rowKey={(c) => c.id_campanha}
        editLabel={(c) => `Editar ${c.den_campanha}`}
        onEdit={(campanha) => setEditing({ campanha })}
        pagina={pagina}
        onPage={setPagina}
      />

      {editing ? (
        <CampaignDialog
          key={editing.campanha?.id_campanha ?? 'nova'}
          record={editing.campanha}
          codCidade={codCidade}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
