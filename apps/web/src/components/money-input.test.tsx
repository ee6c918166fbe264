import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DecimalInput, MoneyInput } from './money-input';

function Harness({ initial = '', factor = false }: { initial?: string; factor?: boolean }) {
  const [value, setValue] = useState(initial);
  const Input = factor ? DecimalInput : MoneyInput;
  return (
    <MantineProvider env="test">
      <Input label={factor ? 'Fator' : 'Valor'} value={value} onChange={setValue} />
      <output aria-label="texto">{value}</output>
    </MantineProvider>
  );
}

// Issue 35: '50000,01' became '50.000,0', '99999999' became '9.999', '12.5' became '125'.
describe('MoneyInput', () => {
  it.each(['50000,01', '99999999', '12.5', '12,50', '1.234,56', '10,999', '-5', '0'])(
    'shows %s exactly as typed and gives the form that text',
    async (typed) => {
      render(<Harness />);
      const input = screen.getByLabelText('Valor');
      await userEvent.type(input, typed);
      expect(input).toHaveValue(typed);
      expect(screen.getByLabelText('texto')).toHaveTextContent(typed);
    },
  );

  it('accepts a pasted value as it is', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Valor');
    await userEvent.click(input);
    await userEvent.paste('1.234,50');
    expect(input).toHaveValue('1.234,50');
  });

  it('shows a stored value with its cents and can be emptied', async () => {
    render(<Harness initial="250,00" />);
    const input = screen.getByLabelText('Valor');
    expect(input).toHaveValue('250,00');
    await userEvent.clear(input);
    expect(input).toHaveValue('');
  });

  it('asks for a decimal keypad', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Valor')).toHaveAttribute('inputmode', 'decimal');
  });
});

describe('DecimalInput (factors, discounts)', () => {
  it.each(['0,123456', '-0,01', '0,0125'])('keeps %s, minus sign and every decimal', async (typed) => {
    render(<Harness factor />);
    const input = screen.getByLabelText('Fator');
    await userEvent.type(input, typed);
    expect(input).toHaveValue(typed);
  });
});
