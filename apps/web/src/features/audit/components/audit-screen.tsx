import { useState } from 'react';
import { Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ENTIDADES_AUDITADAS, MSG_ADMIN, type AuditoriaItem } from '@praca/contract';
import { DATA_DIGITADA_INVALIDA, DateInput, isIsoDay } from '@/components/date-input';
import { SearchIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { ExportMenu } from '@/components/export-menu';
import { EmptyState } from '@/components/query-states';
import { formatDateTime } from '@/lib/format';
import { datesInverted, useAuditoriaAdm } from '../api/get-auditoria-adm';
import {
  AdminCityPrompt,
  AdminListTable,
  type AdminListColumn,
  type AdminListNoun,
} from '@/components/admin-list/admin-list';
import { AuditDetailsDialog } from './audit-details-dialog';
import { ENTITY_LABELS, actionLabel, entityLabel, recordLabel } from './audit-values';
import { useAdminList } from '@/components/admin-list/use-admin-list';

/** The author search waits for a pause in typing, as the establishments' search does. */
const SEARCH_DEBOUNCE_MS = 300;

export const NO_AUDIT = 'Nenhum registro de auditoria encontrado.';
export const NO_AUDIT_FILTERED = 'Nenhum registro de auditoria encontrado com estes filtros.';
const ALL_ENTITIES = 'Todas';

const NOUN: AdminListNoun = { article: 'os', plural: 'registros de auditoria' };

const COLUMNS: AdminListColumn<AuditoriaItem>[] = [
  { header: 'Data', cell: (a) => formatDateTime(a.criado_em), style: { whiteSpace: 'nowrap' } },
  {
    header: 'Usuário',
    cell: (a) => (
      <>
        <Text inherit>{a.nome_usuario}</Text>
        {a.email_usuario ? (
          <Text inherit c="dimmed" fz="xs">
            {a.email_usuario}
          </Text>
        ) : null}
      </>
    ),
    style: { overflowWrap: 'anywhere', minWidth: '10em' },
  },
  { header: 'Ação', cell: (a) => actionLabel(a.acao) },
  { header: 'Entidade', cell: (a) => entityLabel(a.entidade) },
  { header: 'Registro', cell: (a) => recordLabel(a), style: { overflowWrap: 'anywhere' } },
];

const ENTITY_OPTIONS = [
  { value: '', label: ALL_ENTITIES },
  ...ENTIDADES_AUDITADAS.map((value) => ({ value, label: ENTITY_LABELS[value] })),
];

/**
 * 'Auditoria' (issue 11, domain §10): who changed what in the admin city, newest first, 20 a
 * page, filtered by the author's name or e-mail, the entity and the days, with the values
 * before and after of each entry in a dialog.
 */
export function AuditScreen() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [entidade, setEntidade] = useState('');
  // What the day fields hold (a day, or the text being typed); only real days filter.
  const [deTexto, setDe] = useState('');
  const [ateTexto, setAte] = useState('');
  const de = isIsoDay(deTexto) ? deTexto : '';
  const ate = isIsoDay(ateTexto) ? ateTexto : '';
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useAuditoriaAdm, {
    q,
    entidade,
    de,
    ate,
  });
  // Other filters start again on page 1.
  const filter = [q, entidade, de, ate].join('|');
  const [lastFilter, setLastFilter] = useState(filter);
  if (lastFilter !== filter) {
    setLastFilter(filter);
    setPagina(1);
  }
  const [shown, setShown] = useState<AuditoriaItem | null>(null);

  if (codCidade <= 0) return <AdminCityPrompt title="Auditoria" canChoose={canChoose} noun={NOUN} />;

  const inverted = datesInverted({ de, ate });
  /** A whole `dd/mm/aaaa` that is no real day (31/02) is said; a half-typed one waits. */
  const badDay = (texto: string) => (texto.length === 10 && !isIsoDay(texto) ? DATA_DIGITADA_INVALIDA : null);
  const filtered = q !== '' || entidade !== '' || de !== '' || ate !== '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <PageTitle>Auditoria</PageTitle>
        <ExportMenu
          path="/v1/adm/auditoria"
          what="auditoria"
          disabled={inverted}
          query={{
            cod_cidade: codCidade,
            q: q.trim() || undefined,
            entidade: entidade || undefined,
            de: de || undefined,
            ate: ate || undefined,
          }}
        />
      </Group>
      <form role="search" aria-label="Filtrar auditoria" onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Usuário"
            description="Nome ou e-mail"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<SearchIcon />}
            autoComplete="off"
            maxLength={100}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <NativeSelect
            label="Entidade"
            description="O que foi alterado"
            value={entidade}
            onChange={(e) => setEntidade(e.currentTarget.value)}
            data={ENTITY_OPTIONS}
            style={{ flex: '1 1 180px', maxWidth: 260 }}
          />
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: '1 1 300px', maxWidth: 360 }}>
            <DateInput
              label="De"
              description="Dia inicial"
              value={deTexto}
              onChange={setDe}
              error={badDay(deTexto) ?? inverted}
              style={{ flex: '1 1 0', minWidth: 0 }}
            />
            <DateInput
              label="Até"
              description="Dia final"
              value={ateTexto}
              onChange={setAte}
              error={badDay(ateTexto) ?? (inverted ? MSG_ADMIN.datasInvertidas : undefined)}
              style={{ flex: '1 1 0', minWidth: 0 }}
            />
          </Group>
        </Group>
      </form>

      {inverted ? (
        <EmptyState>Corrija as datas para ver os registros.</EmptyState>
      ) : (
        <AdminListTable
          query={query}
          noun={NOUN}
          count={['registro', 'registros']}
          minWidth={640}
          empty={filtered ? NO_AUDIT_FILTERED : NO_AUDIT}
          columns={COLUMNS}
          rowKey={(a) => a.id}
          actionText="Detalhes"
          editLabel={(a) =>
            `Detalhes: ${actionLabel(a.acao)} ${entityLabel(a.entidade)} ${recordLabel(a)} por ${a.nome_usuario}`
          }
          onEdit={setShown}
          pagina={pagina}
          onPage={setPagina}
        />
      )}

      <AuditDetailsDialog item={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
