import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { formatDate } from '@/lib/format';
import { useContempladosAdm } from '../api/get-contemplados-adm';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { DrawDialog } from './draw-dialog';
import { useAdminList } from '@/components/admin-list/use-admin-list';
import { WinnerDialog } from './winner-dialog';

const NO_WINNERS = 'Nenhum contemplado ainda';

const NOUN: AdminListNoun = { article: 'os', plural: 'contemplados' };

type Open = { kind: 'sorteio' } | { kind: 'contemplado'; id: number; nome?: string } | null;

/**
 * 'Contemplados' (spec §2 Admin lists): the admin city's winners, 20 a page, with the draw
 * date, the campaign and the winner; 'Nova' opens the winner dialog empty, 'Sorteio' the
 * prize-draw dialog, 'Editar' a winner.
 */
export function WinnerScreen() {
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useContempladosAdm, {});
  const [open, setOpen] = useState<Open>(null);

  if (codCidade <= 0) return <AdminCityPrompt title="Contemplados" canChoose={canChoose} noun={NOUN} />;

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

      <AdminListTable
        query={query}
        noun={NOUN}
        count={['contemplado', 'contemplados']}
        empty={NO_WINNERS}
        columns={[
          {
            header: 'Data do sorteio',
            cell: (c) => formatDate(c.data_sorteio.slice(0, 10)),
            style: { whiteSpace: 'nowrap' },
          },
          {
            header: 'Campanha',
            cell: (c) => c.den_campanha,
            style: { overflowWrap: 'anywhere', minWidth: '6em' },
          },
          {
            header: 'Contemplado',
            cell: (c) => c.nome_sorteado,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '6em' },
          },
        ]}
        rowKey={(c) => c.id_sorteado}
        editLabel={(c) => `Editar ${c.nome_sorteado}`}
        onEdit={(c) => setOpen({ kind: 'contemplado', id: c.id_sorteado, nome: c.nome_sorteado })}
        pagina={pagina}
        onPage={setPagina}
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
