import type { Cupom } from '@praca/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { Component as Resgatar } from './resgatar';

const cupom = (n: number): Cupom => ({
  id_sorteio: n,
  serie: 0,
  numero: n,
  codigo: `000-0000${n}`,
  dat_emissao: '2026-11-20',
  id_campanha: 1,
  den_campanha: 'Natal Premiado',
  banner: 'imgban/natal.png',
  id_estabelecimento: 1,
  nom_estabecimento: 'Padaria Bella Vista',
  url_logo: 'imglog/padaria.png',
  doado_para: null,
});

const resgate = (cupons: Cupom[]) => ({
  id_venda: 5,
  den_campanha: 'Natal Premiado',
  nomeestabelecimento: 'Padaria Bella Vista',
  valor_venda: 250,
  pontos: 2.5,
  cupons,
  saldo: 0.5,
});

let answer: () => Response;

beforeEach(() => {
  setSession(testSession());
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});

async function claim() {
  const user = userEvent.setup();
  renderWithApp(<Resgatar />, { path: '/meu/resgatar' });
  await user.type(screen.getByLabelText('Código da venda'), 'ABC.DEF');
  await user.click(screen.getByRole('button', { name: 'Resgatar' }));
  return screen.findByRole('heading', { name: 'Venda resgatada!' });
}

describe('a completed coupon on /meu/resgatar (issue 35)', () => {
  it('is celebrated: a burst of confetti, hidden from screen readers, and a friendly line', async () => {
    answer = () => jsonResponse(201, resgate([cupom(4)]));
    await claim();
    expect(screen.getByTestId('celebration')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Oba, cupom novo! Ele já está no sorteio. Boa sorte!')).toBeInTheDocument();
  });

  it('counts several new coupons', async () => {
    answer = () => jsonResponse(201, resgate([cupom(4), cupom(5)]));
    await claim();
    expect(screen.getByText('Oba, 2 cupons novos! Eles já estão no sorteio. Boa sorte!')).toBeInTheDocument();
  });

  it('is not celebrated when the sale completed no coupon', async () => {
    answer = () => jsonResponse(201, resgate([]));
    await claim();
    expect(screen.queryByTestId('celebration')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Oba/)).not.toBeInTheDocument();
  });
});
