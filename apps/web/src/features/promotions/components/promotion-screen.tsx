import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { PromocaoAdmin } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { formatDate } from '@/lib/format';
import { usePromocoesAdm } from '../api/get-promocoes-adm';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { PromotionDialog } from './promotion-dialog';
import { useAdminList } from '@/components/admin-list/use-admin-list';

const PROMOTIONS_TITLE = 'Promoções por Estabelecimento';
const NO_PROMOTIONS = 'Nenhuma promoção cadastrada';

const NOUN: AdminListNoun = { article: 'as', plural: 'promoções' };

type Editing = { promocao: PromocaoAdmin | null } | null;

/**
 * 'Promoções por Estabelecimento' (spec §2): promotions of the admin city's shops, latest
 * start first, 20 a page, with Nova, Editar per row and the promotion dialog.
 */
export function PromotionScreen() {
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(usePromocoesAdm, {});
  const [editing, setEditing] = useState<Editing>(null);

  if (codCidade <= 0) return <AdminCityPrompt title={PROMOTIONS_TITLE} canChoose={canChoose} noun={NOUN} />;

  return (
    <Stack gap="md">
      <PageTitle>{PROMOTIONS_TITLE}</PageTitle>
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ promocao: null })}>Nova</Button>
      </Group>
      <AdminListTable
        query={query}
        noun={NOUN}
        count={['promoção', 'promoções']}
        empty={NO_PROMOTIONS}
        columns={[
          { header: 'Id', cell: (p) => p.id_promocao },
          {
            header: 'Estabelecimento',
            cell: (p) => p.nomeestabelecimento,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '7em' },
          },
          {
            header: 'Início',
            cell: (p) => formatDate(p.dat_inicio.slice(0, 10)),
            style: { whiteSpace: 'nowrap' },
          },
          {
            header: 'Fim',
            cell: (p) => formatDate(p.dat_final.slice(0, 10)),
            style: { whiteSpace: 'nowrap' },
          },
        ]}
        rowKey={(p) => p.id_promocao}
        editLabel={(p) => `Editar promoção ${p.id_promocao}`}
        onEdit={(promocao) => setEditing({ promocao })}
        pagina={pagina}
        onPage={setPagina}
      />
      {editing ? (
        <PromotionDialog
          key={editing.promocao?.id_promocao ?? 'nova'}
          record={editing.promocao}
          codCidade={codCidade}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
