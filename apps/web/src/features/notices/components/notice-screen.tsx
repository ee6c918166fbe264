import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { AvisoAdmin } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { formatDate } from '@/lib/format';
import { useAvisosAdm } from '../api/get-avisos-adm';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { NoticeDialog } from './notice-dialog';
import { useAdminList } from '@/components/admin-list/use-admin-list';

const NO_NOTICES = 'Nenhum aviso cadastrado';

const NOUN: AdminListNoun = { article: 'os', plural: 'avisos' };

type Editing = { aviso: AvisoAdmin | null } | null;

/**
 * 'Avisos' (spec §2): the admin city's notices, valid or expired, newest first, 20 a page,
 * with Novo, Editar per row and the notice dialog.
 */
export function NoticeScreen() {
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useAvisosAdm, {});
  const [editing, setEditing] = useState<Editing>(null);

  if (codCidade <= 0) return <AdminCityPrompt title="Avisos" canChoose={canChoose} noun={NOUN} />;

  return (
    <Stack gap="md">
      <PageTitle>Avisos</PageTitle>
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ aviso: null })}>Novo</Button>
      </Group>
      <AdminListTable
        query={query}
        noun={NOUN}
        count={['aviso', 'avisos']}
        empty={NO_NOTICES}
        columns={[
          { header: 'Id', cell: (a) => a.id_aviso },
          {
            header: 'Título',
            cell: (a) => a.title,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '7em' },
          },
          {
            header: 'Validade',
            cell: (a) => formatDate(a.validade.slice(0, 10)),
            style: { whiteSpace: 'nowrap' },
          },
        ]}
        rowKey={(a) => a.id_aviso}
        editLabel={(a) => `Editar ${a.title}`}
        onEdit={(aviso) => setEditing({ aviso })}
        pagina={pagina}
        onPage={setPagina}
      />
      {editing ? (
        <NoticeDialog
          key={editing.aviso?.id_aviso ?? 'novo'}
          record={editing.aviso}
          codCidade={codCidade}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
