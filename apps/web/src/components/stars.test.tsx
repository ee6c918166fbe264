import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/test/render';
import { Stars, StarsInput } from './stars';

function Harness() {
  const [value, setValue] = useState(0);
  return (
    <>
      <StarsInput label="Sua nota" value={value} onChange={setValue} />
      <output aria-label="valor">{value}</output>
    </>
  );
}

describe('StarsInput', () => {
  it('is a labelled group of five stars named "1 estrela" … "5 estrelas"', () => {
    render(<Harness />, { wrapper: TestProviders });
    expect(screen.getByRole('radiogroup', { name: 'Sua nota' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 estrela',
      '2 estrelas',
      '3 estrelas',
      '4 estrelas',
      '5 estrelas',
    ]);
  });

  it('works from the keyboard: Tab reaches it, arrows, Home and End choose', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: TestProviders });
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 estrela' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByLabelText('valor')).toHaveTextContent('1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByLabelText('valor')).toHaveTextContent('3');
    expect(screen.getByRole('radio', { name: '3 estrelas' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '3 estrelas' })).toBeChecked();
    await user.keyboard('{End}');
    expect(screen.getByLabelText('valor')).toHaveTextContent('5');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByLabelText('valor')).toHaveTextContent('4');
    await user.keyboard('{Home}');
    expect(screen.getByLabelText('valor')).toHaveTextContent('1');
  });

  it('a click chooses', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: TestProviders });
    await user.click(screen.getByRole('radio', { name: '4 estrelas' }));
    expect(screen.getByLabelText('valor')).toHaveTextContent('4');
  });
});

describe('Stars (read-only)', () => {
  it('is one image named by the average in pt-BR', () => {
    render(<Stars value={4.5} />, { wrapper: TestProviders });
    expect(screen.getByRole('img', { name: 'Nota 4,5 de 5' })).toBeInTheDocument();
  });
});
