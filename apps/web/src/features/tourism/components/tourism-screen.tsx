import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import type { TurismoItem } from '@praca/contract';
import { TOURISM_TYPES } from '@praca/contract/plain';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useTurismoAdm } from '../api/get-turismo-adm';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { TourismDialog } from './tourism-dialog';
import { useAdminList } from '@/components/admin-list/use-admin-list';

const NO_TOURISM = 'Nenhum item de turismo cadastrado';
const ALL_TYPES = 'Todos';

const NOUN: AdminListNoun = { article: 'os', plural: 'itens de turismo' };

type Editing = { item: TurismoItem | null } | null;

const typeName = (tipo: number) => TOURISM_TYPES[tipo] ?? String(tipo);

/**
 * 'Turismo' (spec §2 Admin lists, issue 7): the admin city's tourism guide, 20 a page, with a
 * type filter, Novo, Editar per row and the tourism dialog.
 */
export function TourismScreen() {
  const [tipo, setTipo] = useState<number | null>(null);
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useTurismoAdm, { tipo });
  const [editing, setEditing] = useState<Editing>(null);

  if (codCidade <= 0) return <AdminCityPrompt title="Turismo" canChoose={canChoose} noun={NOUN} />;

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
        <Button component={Link} to={paths.admin.importarTurismo} variant="light">
          Importar
        </Button>
      </Group>

      <AdminListTable
        query={query}
        noun={NOUN}
        count={['item', 'itens']}
        empty={tipo !== null ? 'Nenhum item de turismo deste tipo.' : NO_TOURISM}
        columns={[
          { header: 'Id', cell: (t) => t.id_turismo },
          {
            header: 'Descrição',
            cell: (t) => t.descricao,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '7em' },
          },
          { header: 'Tipo', cell: (t) => typeName(t.tipo) },
          { header: 'Ativo', cell: (t) => (t.ind_ativo === 'S' ? 'Sim' : 'Não') },
          {
            header: 'Validade',
            cell: (t) => {
              const validade = t.validadeate ?? t.validade_ate;
              return validade ? formatDate(validade.slice(0, 10)) : '—';
            },
            style: { whiteSpace: 'nowrap' },
          },
        ]}
        rowKey={(t) => t.id_turismo}
        editLabel={(t) => `Editar ${t.descricao}`}
        onEdit={(item) => setEditing({ item })}
        pagina={pagina}
        onPage={setPagina}
      />

      {editing ? (
        <TourismDialog
          key={editing.item?.id_turismo ?? 'novo'}
          record={editing.item}
          codCidade={codCidade}
          tipoInicial={tipo ?? 0}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
