import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { formatCep, formatPhone } from '@praca/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CepInput, PhoneInput } from './masked-inputs';

function Harness({ kind }: { kind: 'cep' | 'phone' }) {
  const [value, setValue] = useState('');
  const Input = kind === 'cep' ? CepInput : PhoneInput;
  return (
    <MantineProvider env="test">
      <Input label={kind === 'cep' ? 'CEP' : 'WhatsApp'} value={value} onChange={setValue} />
      <output aria-label="valor">{value}</output>
    </MantineProvider>
  );
}

describe('CepInput', () => {
  it('shows 00000-000 while the form keeps only the digits', async () => {
    render(<Harness kind="cep" />);
    const input = screen.getByLabelText('CEP');
    await userEvent.type(input, '01310100');
    expect(input).toHaveValue('01310-100');
    expect(input).toHaveValue(formatCep('01310100'));
    expect(screen.getByLabelText('valor')).toHaveTextContent(/^01310100$/);
  });

  it('ignores letters and anything after the 8th digit (at most 9 characters)', async () => {
    render(<Harness kind="cep" />);
    const input = screen.getByLabelText('CEP');
    await userEvent.type(input, 'ab013101009999');
    expect(input).toHaveValue('01310-100');
    expect((input as HTMLInputElement).value.length).toBeLessThanOrEqual(9);
  });
});

describe('PhoneInput', () => {
  it('formats an 11-digit mobile number like formatPhone', async () => {
    render(<Harness kind="phone" />);
    const input = screen.getByLabelText('WhatsApp');
    await userEvent.type(input, '11987654321');
    expect(input).toHaveValue('(11) 98765-4321');
    expect(input).toHaveValue(formatPhone('11987654321'));
    expect(screen.getByLabelText('valor')).toHaveTextContent(/^11987654321$/);
  });

  it('formats a 10-digit landline and stops at 11 digits', async () => {
    render(<Harness kind="phone" />);
    const input = screen.getByLabelText('WhatsApp');
    await userEvent.type(input, '1134567890');
    expect(input).toHaveValue(formatPhone('1134567890'));
    await userEvent.type(input, '1999');
    expect(input).toHaveValue('(11) 34567-8901');
    expect(screen.getByLabelText('valor')).toHaveTextContent(/^11345678901$/);
  });

  it('shows a value that arrives from outside already masked', () => {
    function Prefilled() {
      return (
        <MantineProvider env="test">
          <PhoneInput label="WhatsApp" value="11987654321" onChange={() => undefined} />
        </MantineProvider>
      );
    }
    render(<Prefilled />);
    expect(screen.getByLabelText('WhatsApp')).toHaveValue('(11) 98765-4321');
  });
});
