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
        apuracoes: [
          { id_apuracao: 12, concurso: 5930, status: 'apurada' },
          { id_apuracao: 13, concurso: 5935, status: 'agendada' },
        ],
      },
      { serie_numero: '000-00035', anulado: true, ganhador: false, apuracoes: [] },
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

describe('/meu/numeros (issue 36)', () => {
  it('lists the numbers per campaign with their apurações, the winner and the annulled marks', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Natal Premiado' });
    const [won, annulled] = within(list).getAllByRole('listitem');
    expect(within(won!).getByText('000-00034')).toBeInTheDocument();
    expect(within(won!).getByText('Ganhador!')).toBeInTheDocument();
    expect(within(won!).getByRole('link', { name: 'do concurso 5930' })).toHaveAttribute(
      'href',
      '/sorteios/12',
    );
    expect(within(won!).getByRole('link', { name: 'do concurso 5935' })).toHaveAttribute(
      'href',
      '/sorteios/13',
    );
    expect(within(annulled!).getByText('Anulado')).toBeInTheDocument();
    expect(within(annulled!).queryByText('Ganhador!')).not.toBeInTheDocument();
    expect(within(annulled!).getByText('Ainda não está em nenhuma apuração.')).toBeInTheDocument();
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
