import type { Key, ReactNode } from 'react';
import {
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type TableTdProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZE } from '@praca/contract/plain';
import { PageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState } from '@/components/query-states';
import type { EmptyIllustration } from '@/components/empty-state';
import { ScrollTable } from '@/components/scroll-table';
import classes from './admin-list.module.css';

/** How a list names what it holds, e.g. `{ article: 'os', plural: 'avisos' }`. */
export interface AdminListNoun {
  article: 'os' | 'as';
  /** Lower case plural: the loading text, the error title and the pager's name. */
  plural: string;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface AdminCityPromptProps {
  title: ReactNode;
  /** Whether the admin may pick a city (otherwise the account has none). */
  canChoose: boolean;
  noun: AdminListNoun;
}

/** A city-scoped admin screen with no city yet: its title and what to do. */
export function AdminCityPrompt({ title, canChoose, noun }: AdminCityPromptProps) {
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <EmptyState>
        {canChoose
          ? `Escolha a cidade no topo da página para ver ${noun.article} ${noun.plural}.`
          : 'Sua conta ainda não tem uma cidade.'}
      </EmptyState>
    </Stack>
  );
}

/**
 * One column: its header text, its cell and the cell's `Table.Td` props. On a phone each row
 * is a card: `phone: 'title'` makes the column the card's heading line (without its label),
 * `phone: 'hide'` leaves a secondary column out of the card; other columns show as a small
 * label over the value.
 */
export type AdminListColumn<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  phone?: 'title' | 'hide';
} & Omit<TableTdProps, 'children'>;

interface AdminListTableProps<T> {
  /** `exato: false`: the server stopped counting at `total`, and there are more. */
  query: UseQueryResult<{ itens: T[]; total: number; exato?: boolean }>;
  noun: AdminListNoun;
  /** The count line's noun: `[singular, plural]`, e.g. `['aviso', 'avisos']`. */
  count: readonly [string, string];
  /** The region's name; by default the noun's plural, capitalized. */
  regionLabel?: string;
  /** Below this width the table scrolls sideways (wider screens; a phone shows cards). */
  minWidth?: number;
  empty: ReactNode;
  columns: AdminListColumn<T>[];
  rowKey: (item: T) => Key;
  /** The text of each row's button; 'Editar' by default. */
  actionText?: string;
  /** The row button's accessible name. */
  editLabel: (item: T) => string;
  /** More buttons of a row, before its 'Editar'. */
  rowActions?: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  pagina: number;
  onPage: (page: number) => void;
}

interface AdminListStatesProps<T> {
  query: UseQueryResult<T>;
  noun: AdminListNoun;
  /** Whether the answer holds nothing (the empty text shows instead of the list). */
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** The error's title, when the noun's ('Não foi possível carregar os avisos.') is not the one. */
  errorTitle?: string;
  /** How many skeleton lines stand for the list while it loads, and how tall (cards: 96). */
  skeletons?: number;
  skeletonHeight?: number;
  /** The empty state's picture. */
  illustration?: EmptyIllustration;
  children: (data: T) => ReactNode;
}

/**
 * The states every list of the admin and the partner goes through: a skeleton while it loads,
 * the error with a retry, the empty text, else the list itself (`children`).
 */
export function AdminListStates<T>({
  query,
  noun,
  isEmpty,
  empty,
  errorTitle = `Não foi possível carregar ${noun.article} ${noun.plural}.`,
  skeletons = 3,
  skeletonHeight = 36,
  illustration,
  children,
}: AdminListStatesProps<T>) {
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>{`Carregando ${noun.plural}…`}</VisuallyHidden>
        {Array.from({ length: skeletons }, (_, i) => (
          <Skeleton key={i} h={skeletonHeight} radius={skeletonHeight > 36 ? 'md' : undefined} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (isEmpty(query.data))
    return <EmptyState {...(illustration ? { illustration } : {})}>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

/** Phones and small tablets: the rows are cards, so nothing scrolls sideways (issue 35). */
export const ADMIN_LIST_CARDS_QUERY = '(max-width: 48em)';

/**
 * The table of an admin list (spec §2 Admin lists): a skeleton while it loads, the error with
 * a retry, the empty text, else the count, the table with an 'Editar' (or `actionText`) per
 * row and the pager. On a phone (`ADMIN_LIST_CARDS_QUERY`) the same table is drawn by its
 * stylesheet as a stack of cards, each value under its column's name and the row's button at
 * the card's end; rows, cells and headers keep their table roles, so a screen reader still
 * hears the column of each value (and tests find the rows at either width).
 */
export function AdminListTable<T>({
  query,
  noun,
  count,
  regionLabel = capitalize(noun.plural),
  minWidth = 320,
  empty,
  columns,
  rowKey,
  actionText = 'Editar',
  editLabel,
  rowActions,
  onEdit,
  pagina,
  onPage,
}: AdminListTableProps<T>) {
  const cards = useMediaQuery(ADMIN_LIST_CARDS_QUERY, false, { getInitialValueInEffect: false });
  const editButton = (item: T) => (
    <Button size="xs" variant="default" onClick={() => onEdit(item)} aria-label={editLabel(item)}>
      {actionText}
    </Button>
  );
  return (
    <AdminListStates query={query} noun={noun} isEmpty={(d) => d.itens.length === 0} empty={empty}>
      {({ itens, total, exato = true }) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {!exato
              ? `Mais de ${total.toLocaleString('pt-BR')} ${count[1]}: use os filtros para chegar aos mais antigos`
              : total === 1
                ? `1 ${count[0]}`
                : `${total} ${count[1]}`}
          </Text>
          <ScrollTable label={regionLabel} minWidth={cards ? 0 : minWidth}>
            <Table
              // Explicit roles: a table drawn as cards (display other than table) keeps its semantics.
              role="table"
              className={cards ? classes.cards : undefined}
              data-layout={cards ? 'cards' : 'table'}
              striped={!cards}
              highlightOnHover={!cards}
              verticalSpacing="xs"
              horizontalSpacing="sm"
              fz="sm"
            >
              <Table.Thead role="rowgroup">
                <Table.Tr role="row">
                  {columns.map((column) => (
                    <Table.Th key={column.header} scope="col" role="columnheader">
                      {column.header}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col" role="columnheader">
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody role="rowgroup">
                {itens.map((item) => (
                  <Table.Tr key={rowKey(item)} role="row">
                    {columns.map(({ header, cell, phone, ...td }) => (
                      <Table.Td
                        key={header}
                        role="cell"
                        data-phone={phone}
                        data-label={phone === 'title' ? undefined : header}
                        {...td}
                      >
                        {cell(item)}
                      </Table.Td>
                    ))}
                    <Table.Td role="cell" ta="right" data-actions>
                      {rowActions ? (
                        <Group gap="xs" justify="flex-end" wrap="wrap">
                          {rowActions(item)}
                          {editButton(item)}
                        </Group>
                      ) : (
                        editButton(item)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager page={pagina} total={total} pageSize={PAGE_SIZE} onChange={onPage} label={noun.plural} />
        </Stack>
      )}
    </AdminListStates>
  );
}
