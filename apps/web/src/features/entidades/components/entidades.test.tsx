import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_ADMIN, MSG_ENTIDADE, type EntidadeAdmin, type EntidadePublica } from '@praca/contract';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { EntidadesAdminScreen } from './entidades-admin-screen';
import { EntidadesScreen } from './entidades-screen';

/** The texts of the toasts shown (the one notice path, lib/notify). */
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);

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

const abrigoAdm: EntidadeAdmin = {
  id_entidade: 5,
  cod_cidade: 3548500,
  nome: 'Abrigo Esperança',
  cnpj: '11.222.333/0001-81',
  causa: 'Crianças',
  logo: '',
  contato: '(13) 3222-0000',
  email: 'abrigo@esperanca.org',
  atualizado_em: '2026-11-28T12:00:00.000Z',
};

let api: MockApi;
beforeEach(() => {
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  setSession(testSession({ cod_cidade: 3548500 }));
  api = mockApi({
    'GET /v1/entidades': () => jsonResponse(200, [abrigo]),
    'GET /v1/cidades': () => jsonResponse(200, [{ cod_cidade: 3548500, cidade: 'Santos', uf: 'SP' }]),
    'GET /v1/usuarios/doacoes': () => jsonResponse(200, []),
    'GET /v1/adm/entidades': () => jsonResponse(200, [abrigoAdm]),
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

  it('shows the logo from the image host, with its alt text', async () => {
    api.routes['GET /v1/entidades'] = () => jsonResponse(200, [{ ...abrigo, logo: 'imglog/abrigo.png' }]);
    renderWithApp(<EntidadesScreen />, { path: '/entidades' });
    const card = await screen.findByRole('article', { name: 'Abrigo Esperança' });
    expect(within(card).getByRole('img', { name: 'Logotipo de Abrigo Esperança' })).toHaveAttribute(
      'src',
      '/img/imglog/abrigo.png',
    );
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
    await waitFor(() =>
      expect(toasted()).toContainEqual(
        expect.stringMatching(/lar@feliz.org recebeu o link para definir a senha/),
      ),
    );
  });

  it('edits an entity: the fields come filled, a bad CNPJ is refused at the field, a new logo is uploaded and saved', async () => {
    setSession(testSession({ admin: true, cod_cidade: 3548500 }));
    const stored = 'imglog/abrigo-1a2b3c4d.png';
    api.routes['POST /img/imglog/post_img.php'] = () =>
      jsonResponse(201, {
        caminho: stored,
        nomearq: stored,
        url: `/img/${stored}`,
        largura: 128,
        altura: 128,
      });
    api.routes['PATCH /v1/adm/entidades/5'] = () =>
      jsonResponse(200, { ...abrigoAdm, causa: 'Crianças e jovens', logo: stored });
    const user = userEvent.setup();
    renderWithApp(<EntidadesAdminScreen />, { path: '/admin/entidades' });
    const card = await screen.findByRole('article', { name: 'Abrigo Esperança' });
    expect(within(card).getByText('Conta: abrigo@esperanca.org')).toBeInTheDocument();
    expect(api.requests('GET', '/v1/adm/entidades')[0].url.searchParams.get('cod_cidade')).toBe('3548500');
    await user.click(within(card).getByRole('button', { name: 'Editar Abrigo Esperança' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Abrigo Esperança' });
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Abrigo Esperança');
    expect(within(dialog).getByLabelText(/^CNPJ/)).toHaveValue('11.222.333/0001-81');
    expect(within(dialog).getByText('abrigo@esperanca.org')).toBeInTheDocument();

    const causa = within(dialog).getByLabelText(/^Causa/);
    await user.clear(causa);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(MSG_ENTIDADE.causaObrigatoria)).toBeInTheDocument();
    await user.type(causa, 'Crianças e jovens');
    const cnpj = within(dialog).getByLabelText(/^CNPJ/);
    await user.clear(cnpj);
    await user.type(cnpj, '11111111111111');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(MSG_ADMIN.cnpjInvalido)).toBeInTheDocument();
    expect(api.calls('PATCH', '/v1/adm/entidades/5')).toHaveLength(0);
    await user.clear(cnpj);
    await user.type(cnpj, '11222333000181');

    const logo = within(dialog).getByRole('group', { name: 'Logotipo' });
    const input = logo.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], 'abrigo.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(within(logo).getByRole('img', { name: 'Logotipo' })).toHaveAttribute('src', `/img/${stored}`),
    );
    expect(api.bodyOf('POST', '/img/imglog/post_img.php')).toMatchObject({ largura: 128, altura: 128 });

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.bodyOf('PATCH', '/v1/adm/entidades/5')).toEqual({
        nome: 'Abrigo Esperança',
        cnpj: '11.222.333/0001-81',
        causa: 'Crianças e jovens',
        logo: stored,
        contato: '(13) 3222-0000',
      }),
    );
    await waitFor(() => expect(toasted()).toContainEqual('Entidade Abrigo Esperança atualizada.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the form and keeps it open', async () => {
    setSession(testSession({ admin: true, cod_cidade: 3548500 }));
    api.routes['PATCH /v1/adm/entidades/5'] = () => jsonResponse(409, { erro: MSG_ENTIDADE.cnpjEmUso });
    const user = userEvent.setup();
    renderWithApp(<EntidadesAdminScreen />, { path: '/admin/entidades' });
    await user.click(await screen.findByRole('button', { name: 'Editar Abrigo Esperança' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Abrigo Esperança' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(MSG_ENTIDADE.cnpjEmUso)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar Abrigo Esperança' })).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    setSession(testSession({ admin: true, cod_cidade: 3548500 }));
    api.routes['GET /v1/adm/entidades'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    renderWithApp(<EntidadesAdminScreen />, { path: '/admin/entidades' });
    expect(await screen.findByText('Não foi possível carregar as entidades.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tentar novamente/ })).toBeInTheDocument();
  });
});
