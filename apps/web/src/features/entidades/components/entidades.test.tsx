import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EntidadePublica } from '@praca/contract';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { EntidadesAdminScreen } from './entidades-admin-screen';
import { EntidadesScreen } from './entidades-screen';

const abrigo: EntidadePublica = {
  id_entidade: 5,
  nome: 'Abrigo Esperança',
  cnpj: '11.222.333/0001-81',
  causa: 'Crianças',
  logo: '',
  contato: '(13) 3222-0000',
  cupons: 7,
  campanhas: [{ id_campanha: 2, den_campanha: 'Natal Premiado', cupons: 7 }],
  premios: [{ id_campanha: 2, den_campanha: 'Natal Premiado', data_sorteio: '2026-12-24', premio: 1 }],
};

let api: MockApi;
beforeEach(() => {
  setSession(testSession({ cod_cidade: 3548500 }));
  api = mockApi({
    'GET /v1/entidades': () => jsonResponse(200, [abrigo]),
    'GET /v1/cidades': () => jsonResponse(200, [{ cod_cidade: 3548500, cidade: 'Santos', uf: 'SP' }]),
    'GET /v1/usuarios/doacoes': () => jsonResponse(200, []),
  });
});

describe('/entidades (issue 40)', () => {
  it("lists the city's entities with coupons per campaign and prizes, as a table", async () => {
    renderWithApp(<EntidadesScreen />, { path: '/entidades' });
    const card = await screen.findByRole('article', { name: 'Abrigo Esperança' });
    expect(within(card).getByText('7 cupons recebidos')).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: 'Cupons recebidos por campanha' });
    expect(within(table).getByRole('cell', { name: 'Natal Premiado' })).toBeInTheDocument();
    expect(within(card).getByText(/1º prêmio/)).toBeInTheDocument();
    expect(api.requests('GET', '/v1/entidades')[0].url.searchParams.get('cod_cidade')).toBe('3548500');
  });

  it('says so when the city has none', async () => {
    api.routes['GET /v1/entidades'] = () => jsonResponse(200, []);
    renderWithApp(<EntidadesScreen />, { path: '/entidades' });
    expect(
      await screen.findByText('Esta cidade ainda não tem entidades sociais cadastradas.'),
    ).toBeInTheDocument();
  });
});

describe('/admin/entidades (issue 40)', () => {
  it('registers an entity of the admin’s city; a wrong CNPJ is refused at the field without a call', async () => {
    setSession(testSession({ admin: true, cod_cidade: 3548500 }));
    api.routes['POST /v1/adm/entidades'] = () => jsonResponse(201, { id_entidade: 9 });
    const user = userEvent.setup();
    renderWithApp(<EntidadesAdminScreen />, { path: '/admin/entidades' });
    await screen.findByRole('article', { name: 'Abrigo Esperança' });
    await user.click(screen.getByRole('button', { name: 'Nova entidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova entidade' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Lar Feliz');
    await user.type(within(dialog).getByLabelText(/^CNPJ/), '11111111111111');
    await user.type(within(dialog).getByLabelText(/^Causa/), 'Idosos');
    await user.type(within(dialog).getByLabelText(/^E-mail da conta/), 'lar@feliz.org');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(dialog).findByText('CNPJ invalido')).toBeInTheDocument();
    expect(api.calls('POST', '/v1/adm/entidades')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^CNPJ/));
    await user.type(within(dialog).getByLabelText(/^CNPJ/), '11222333000181');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() =>
      expect(api.bodyOf('POST', '/v1/adm/entidades')).toMatchObject({
        nome: 'Lar Feliz',
        cnpj: '11.222.333/0001-81',
        causa: 'Idosos',
        email: 'lar@feliz.org',
        cod_cidade: 3548500,
      }),
    );
    expect(await screen.findByText(/lar@feliz.org recebeu o link para definir a senha/)).toBeInTheDocument();
  });
});
