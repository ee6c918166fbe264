import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MoneyInput, toCents } from './money-input';

function Harness({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <MantineProvider env="test">
      <MoneyInput label="Valor" value={value} onChange={setValue} />
      <output aria-label="numero">{value === null ? 'vazio' : String(value)}</output>
    </MantineProvider>
  );
}

describe('MoneyInput', () => {
  it("turns '1234,5' into the number 1234.5 and shows 1.234,5", async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '1234,5');
    expect(screen.getByLabelText('numero')).toHaveTextContent(/^1234\.5$/);
    expect(input).toHaveValue('1.234,5');
  });

  it("keeps the zeros being typed: '250,00' is 250, shown as 250,00", async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '250,0');
    expect(input).toHaveValue('250,0');
    expect(screen.getByLabelText('numero')).toHaveTextContent(/^250$/);
    await userEvent.type(input, '0');
    expect(input).toHaveValue('250,00');
    expect(screen.getByLabelText('numero')).toHaveTextContent(/^250$/);
  });

  it('accepts a pasted value', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor');
    await userEvent.click(input);
    await userEvent.paste('1.234,50');
    expect(screen.getByLabelText('numero')).toHaveTextContent(/^1234\.5$/);
  });

  it('keeps at most 2 decimals', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '10,999');
    expect(screen.getByLabelText('numero')).toHaveTextContent(/^10\.99$/);
  });

  it('refuses a value above 50.000', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '50001');
    expect(Number(screen.getByLabelText('numero').textContent)).toBeLessThanOrEqual(50000);
    expect(input).not.toHaveValue('50.001');
  });

  it('accepts exactly 50.000 and ignores a dot typed as thousands separator', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor');
    await userEvent.type(input, '50.000');
    expect(screen.getByLabelText('numero')).toHaveTextContent(/^50000$/);
    expect(input).toHaveValue('50.000');
  });

  it('gives null when emptied and refuses a minus sign', async () => {
    render(<Harness initial={12} />);
    const input = screen.getByLabelText('Valor');
    await userEvent.clear(input);
    expect(screen.getByLabelText('numero')).toHaveTextContent('vazio');
    await userEvent.type(input, '-5');
    expect(screen.getByLabelText('numero')).toHaveTextContent(/^5$/);
  });

  it('rounds to cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(0.3);
    expect(toCents(1234.5)).toBe(1234.5);
  });
});
