import { useState } from 'react';
import { Modal } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/render';
import { DateInput, brOfIso, isBadDay, isoOfBr } from './date-input';

function Harness({ initial = '', label = 'Validade' }: { initial?: string; label?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <TestProviders>
      <DateInput label={label} value={value} onChange={setValue} />
      <output aria-label="valor">{value}</output>
    </TestProviders>
  );
}

const valor = () => screen.getByLabelText('valor');

afterEach(() => {
  vi.useRealTimers();
});

// Issue 35: date inputs followed the browser's language (mm/dd/yyyy in an English browser).
describe('DateInput', () => {
  it('shows a stored day as dd/mm/aaaa, whatever the browser language', () => {
    render(<Harness initial="2026-03-15" />);
    const input = screen.getByRole('textbox', { name: 'Validade' });
    expect(input).toHaveValue('15/03/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(input).not.toHaveAttribute('type', 'date');
  });

  it('takes typed digits as dd/mm/aaaa and gives the form YYYY-MM-DD', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Validade' });
    await userEvent.type(input, '05122026');
    expect(input).toHaveValue('05/12/2026');
    expect(valor()).toHaveTextContent(/^2026-12-05$/);
  });

  it('keeps a half-typed or impossible date as text, which no check accepts', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Validade' });
    await userEvent.type(input, '3102');
    expect(valor()).toHaveTextContent(/^31\/02$/);
    expect(isBadDay('31/02')).toBe(true);
    await userEvent.type(input, '2026');
    expect(input).toHaveValue('31/02/2026');
    expect(valor()).toHaveTextContent(/^31\/02\/2026$/);
    expect(isBadDay('31/02/2026')).toBe(true);
    await userEvent.clear(input);
    expect(valor()).toBeEmptyDOMElement();
    expect(isBadDay('')).toBe(false);
  });

  it('picks a day from the calendar with the keyboard and returns to the button', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-03-15" />);
    const button = screen.getByRole('button', { name: 'Abrir calendário: Validade' });
    await user.click(button);
    const calendar = await screen.findByRole('dialog', { name: 'Calendário: Validade' });
    const title = within(calendar).getByText('março de 2026');
    // Issue 51: shown as written, lower case ('Março De 2026' came from a capitalize style).
    expect(getComputedStyle(title).textTransform).not.toBe('capitalize');
    const chosen = within(calendar).getByRole('button', { name: '15 de março de 2026, domingo, escolhido' });
    await vi.waitFor(() => expect(chosen).toHaveFocus());
    // Only the day with the keyboard is in the Tab order.
    expect(within(calendar).getByRole('button', { name: /^16 de março/ })).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowRight}');
    expect(within(calendar).getByRole('button', { name: /^16 de março de 2026/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(calendar).getByRole('button', { name: /^23 de março de 2026/ })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(within(calendar).getByText('abril de 2026')).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: /^23 de abril de 2026/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(valor()).toHaveTextContent(/^2026-04-23$/);
    expect(screen.getByRole('textbox', { name: 'Validade' })).toHaveValue('23/04/2026');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(button).toHaveFocus());
  });

  it('moves between months with the named buttons and closes on Escape without a choice', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-01-31" />);
    await user.click(screen.getByRole('button', { name: 'Abrir calendário: Validade' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendário: Validade' });
    await user.click(within(calendar).getByRole('button', { name: 'Próximo mês' }));
    // 31 January plus a month is the last day of February.
    expect(within(calendar).getByText('fevereiro de 2026')).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: /^28 de fevereiro de 2026/ })).toHaveAttribute(
      'tabindex',
      '0',
    );
    await user.click(within(calendar).getByRole('button', { name: 'Mês anterior' }));
    await user.click(within(calendar).getByRole('button', { name: 'Mês anterior' }));
    expect(within(calendar).getByText('dezembro de 2025')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(valor()).toHaveTextContent(/^2026-01-31$/);
  });
});

describe('DateInput in a dialog', () => {
  function InDialog() {
    const [value, setValue] = useState('2026-03-15');
    return (
      <TestProviders>
        <Modal opened onClose={() => onClose()} title="Nova venda">
          <DateInput label="Data" value={value} onChange={setValue} />
        </Modal>
      </TestProviders>
    );
  }
  const onClose = vi.fn();

  // Seen in CI on the phone: an Escape pressed as the calendar appeared, before its focus trap
  // had moved the focus, closed the sale dialog along with the calendar.
  it.each([
    [
      'a day of the calendar',
      (calendar: HTMLElement) => within(calendar).getByRole('button', { name: /escolhido/ }),
    ],
    ['the calendar popup itself (its focus trap starting)', (calendar: HTMLElement) => calendar],
    ['the date field', () => screen.getByRole('textbox', { name: 'Data' })],
  ])('Escape with the focus on %s closes the calendar and keeps the dialog open', async (_where, target) => {
    onClose.mockClear();
    const user = userEvent.setup();
    render(<InDialog />);
    await user.click(await screen.findByRole('button', { name: 'Abrir calendário: Data' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendário: Data' });
    await vi.waitFor(() => expect(within(calendar).getByRole('button', { name: /escolhido/ })).toHaveFocus());
    target(calendar).focus();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calendário: Data' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Nova venda' })).toBeInTheDocument();
  });
});

describe('date conversions', () => {
  it('turns YYYY-MM-DD into dd/mm/aaaa and back, refusing days that do not exist', () => {
    expect(brOfIso('2026-02-28')).toBe('28/02/2026');
    expect(isoOfBr('28/02/2026')).toBe('2026-02-28');
    expect(isoOfBr('29/02/2026')).toBeNull();
    expect(isoOfBr('29/02/2028')).toBe('2028-02-29');
    expect(isoOfBr('12/13/2026')).toBeNull();
    expect(isoOfBr('1/2/2026')).toBeNull();
  });
});
