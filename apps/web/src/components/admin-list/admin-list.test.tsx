import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/render';
import { ADMIN_LIST_CARDS_QUERY, AdminListTable, type AdminListColumn } from './admin-list';

interface Item {
  id: number;
  descricao: string;
  tipo: string;
}

const ITENS: Item[] = [
  { id: 15, descricao: 'Posto de informações turísticas — Mapas gratuitos', tipo: 'Uteis' },
  { id: 14, descricao: 'VLT da Baixada Santista', tipo: 'Uteis' },
];

const COLUMNS: AdminListColumn<Item>[] = [
  { header: 'Id', cell: (i) => i.id },
  { header: 'Descrição', cell: (i) => i.descricao, phone: 'title' },
  { header: 'Tipo', cell: (i) => i.tipo },
  { header: 'Interno', cell: () => 'só no computador', phone: 'hide' },
];

const query = {
  isPending: false,
  isError: false,
  isFetching: false,
  data: { itens: ITENS, total: ITENS.length },
} as unknown as UseQueryResult<{ itens: Item[]; total: number }>;

/** The screen as the list's media query sees it: a phone (360 px) or a computer. */
function screenIs(kind: 'phone' | 'wide') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (q: string) =>
      ({
        matches: q === ADMIN_LIST_CARDS_QUERY ? kind === 'phone' : q.includes('prefers-reduced-motion'),
        media: q,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

function renderList(onEdit = vi.fn()) {
  render(
    <AdminListTable
      query={query}
      noun={{ article: 'os', plural: 'itens de turismo' }}
      count={['item', 'itens']}
      minWidth={640}
      empty="Nada"
      columns={COLUMNS}
      rowKey={(i) => i.id}
      editLabel={(i) => `Editar ${i.descricao}`}
      onEdit={onEdit}
      pagina={1}
      onPage={vi.fn()}
    />,
    { wrapper: TestProviders },
  );
  return screen.getByRole('table');
}

describe('AdminListTable', () => {
  it('on a phone draws each row as a card: the title column first, each other value under its column name', async () => {
    screenIs('phone');
    const onEdit = vi.fn();
    const table = renderList(onEdit);
    expect(table).toHaveAttribute('data-layout', 'cards');
    // Nothing forces the list wider than the phone.
    const region = screen.getByRole('region', { name: 'Itens de turismo' });
    expect((region.firstElementChild as HTMLElement).style.minWidth).not.toContain('40rem');

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3); // the (visually hidden) header and two cards
    const card = rows[1];
    const cells = within(card).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Id', null, 'Tipo', 'Interno', null]);
    expect(cells[1]).toHaveAttribute('data-phone', 'title');
    expect(cells[1]).toHaveTextContent('Posto de informações turísticas');
    expect(cells[3]).toHaveAttribute('data-phone', 'hide');
    // The column headers stay for screen readers.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Descrição', 'Tipo', 'Interno', 'Ações']);

    await userEvent.click(within(card).getByRole('button', { name: `Editar ${ITENS[0].descricao}` }));
    expect(onEdit).toHaveBeenCalledWith(ITENS[0]);
  });

  it('on a computer stays a table that scrolls below its minimum width', () => {
    screenIs('wide');
    const table = renderList();
    expect(table).toHaveAttribute('data-layout', 'table');
    const region = screen.getByRole('region', { name: 'Itens de turismo' });
    // Mantine writes 640 px as 40rem.
    expect((region.firstElementChild as HTMLElement).style.minWidth).toContain('40rem');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});
