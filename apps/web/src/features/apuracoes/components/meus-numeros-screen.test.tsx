import type { MeusNumeros } from '@praca/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { MeusNumerosScreen } from './meus-numeros-screen';

const numeros: MeusNumeros = [
  {
    id_campanha: 2,
    den_campanha: 'Natal Premiado',
    numeros: [
      {
        serie_numero: '000-00034',
        anulado: false,
        ganhador: true,
        premio_anulado: false,
        doado_para: null,
        apuracoes: [
          { id_apuracao: 12, concurso: 5930, data_concurso: '2026-12-23', status: 'apurada' },
          { id_apuracao: 13, concurso: 5935, data_concurso: '2027-01-09', status: 'agendada' },
        ],
      },
      {
        serie_numero: '000-00035',
        anulado: true,
        ganhador: false,
        premio_anulado: false,
        doado_para: null,
        apuracoes: [],
      },
      {
        serie_numero: '000-00036',
        anulado: false,
        ganhador: false,
        premio_anulado: true,
        doado_para: 'Lar Esperança',
        apuracoes: [{ id_apuracao: 12, concurso: 5930, data_concurso: '2026-12-23', status: 'apurada' }],
      },
    ],
  },
  { id_campanha: 3, den_campanha: 'Páscoa', numeros: [] },
];

let api: MockApi;
beforeEach(() => {
  setSession(testSession());
  api = mockApi({ 'GET /v1/usuarios/numeros': () => jsonResponse(200, numeros) });
});

const open = () => renderWithApp(<MeusNumerosScreen />, { extraRoutes: ['/sorteios', '/sorteios/:id'] });

describe('/meu/numeros (issues 36, 49)', () => {
  it('lists the numbers per campaign with their apurações, the winner and the annulled marks', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Natal Premiado' });
    const [won, annulled, prizeAnnulled] = within(list).getAllByRole('listitem');
    expect(within(won!).getByText('000-00034')).toBeInTheDocument();
    expect(within(won!).getByText('Ganhador!')).toBeInTheDocument();
    expect(
      within(won!).getByRole('link', { name: 'Na apuração do concurso nº 5930, 23/12/2026' }),
    ).toHaveAttribute('href', '/sorteios/12');
    expect(
      within(won!).getByRole('link', { name: 'Na apuração do concurso nº 5935, 09/01/2027' }),
    ).toHaveAttribute('href', '/sorteios/13');
    expect(within(annulled!).getByText('Anulado')).toBeInTheDocument();
    expect(within(annulled!).queryByText('Ganhador!')).not.toBeInTheDocument();
    expect(within(annulled!).getByText('Ainda não está em nenhuma apuração agendada')).toBeInTheDocument();
    expect(within(prizeAnnulled!).getByText('Prêmio anulado')).toBeInTheDocument();
    expect(within(prizeAnnulled!).queryByText('Ganhador!')).not.toBeInTheDocument();
    expect(within(won!).queryByText('Prêmio anulado')).not.toBeInTheDocument();
    // Issue 51: a donated coupon says to whom; the others say nothing.
    expect(within(prizeAnnulled!).getByText('Doado para Lar Esperança')).toBeInTheDocument();
    expect(within(won!).queryByText(/Doado para/)).not.toBeInTheDocument();
    // A campaign without numbers is left out.
    expect(screen.queryByRole('heading', { name: 'Páscoa' })).not.toBeInTheDocument();
    expect(new Headers(api.calls('GET', '/v1/usuarios/numeros')[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer t',
    );
  });

  it('says when the resident has no number yet', async () => {
    api.routes['GET /v1/usuarios/numeros'] = () => jsonResponse(200, []);
    open();
    expect(await screen.findByText(/Você ainda não tem números da sorte/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver os sorteios da cidade' })).toHaveAttribute(
      'href',
      '/sorteios',
    );
  });

  it('shows a failed load with a retry', async () => {
    api.routes['GET /v1/usuarios/numeros'] = () => jsonResponse(500, { erro: 'Falhou' });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Falhou');
  });
});
