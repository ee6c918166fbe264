import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

function renderPager(total: number, page: number, onChange = vi.fn()) {
  const view = render(
    <MantineProvider env="test">
      <Pager page={page} total={total} pageSize={20} onChange={onChange} label="vendas" />
    </MantineProvider>,
  );
  return Object.assign(onChange, { unmount: view.unmount });
}

describe('Pager (spec §9: 20 per page)', () => {
  it('with 3 pages shows the numbered buttons 1, 2, 3 and marks the current one', () => {
    renderPager(41, 2);
    const nav = screen.getByRole('navigation');
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['1', '2', '3']);
    expect(within(nav).getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Página 1' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Primeira' })).not.toBeInTheDocument();
  });

  it('with 12 pages shows Primeira, Anterior, Próxima, Última and no numbers', () => {
    renderPager(12 * 20, 5);
    const nav = screen.getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Primeira', 'Anterior', 'Próxima', 'Última']);
    expect(nav).toHaveTextContent('Página 5 de 12');
  });

  it('4 pages are still numbered, 5 are not', () => {
    const first = renderPager(80, 1);
    expect(screen.getAllByRole('button')).toHaveLength(4);
    first.unmount();
    renderPager(81, 1);
    expect(screen.getByRole('button', { name: 'Primeira' })).toBeInTheDocument();
  });

  it('clicking a number or a step calls onChange with the page', async () => {
    const onChange = renderPager(41, 1);
    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('steps move from the current page and stop at the ends', async () => {
    const onChange = renderPager(12 * 20, 5);
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(onChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'Última' }));
    expect(onChange).toHaveBeenLastCalledWith(12);
    await userEvent.click(screen.getByRole('button', { name: 'Primeira' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('disables Primeira and Anterior on the first page', () => {
    renderPager(12 * 20, 1);
    expect(screen.getByRole('button', { name: 'Primeira' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Última' })).toBeEnabled();
  });

  it('shows nothing when one page holds everything', () => {
    renderPager(20, 1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
