import type { ResultadoSorteio } from '@praca/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { DrawResult } from './draw-dialog';

const resultado = (nome: string): ResultadoSorteio => ({
  idsorteado: 31,
  id_sorteio: 104322,
  codigo: '001-04321',
  id_usuario: 11,
  id_estabelecimento: 5,
  nom_estabecimento: 'Padaria Bella Vista',
  nom_usuario: nome,
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  data_sorteio: '2026-12-24',
  id_registro: 77,
  semente: null,
  id_abertura: null,
  hash_semente: null,
  hash_lista: null,
  qtd_elegiveis: 1500,
  posicao: 812,
});

describe('the draw result (issue 35: a win is a moment)', () => {
  it('congratulates the winner by first name, with a burst of confetti hidden from screen readers', () => {
    renderWithApp(<DrawResult result={resultado('Mariana Lopes')} />);
    const result = screen.getByRole('group', { name: 'Resultado do sorteio' });
    expect(within(result).getByRole('status')).toHaveTextContent('Temos um contemplado! Parabéns, Mariana!');
    expect(within(result).getByTestId('celebration')).toHaveAttribute('aria-hidden', 'true');
    // The spec's read-only fields are still there.
    expect(within(result).getByLabelText('Nome')).toHaveValue('Mariana Lopes');
  });

  it('still celebrates a winner without a name', () => {
    renderWithApp(<DrawResult result={resultado('  ')} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Temos um contemplado!$/);
  });
});
