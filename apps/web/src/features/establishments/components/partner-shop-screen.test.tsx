import { notifications } from '@mantine/notifications';
import { MSG, MSG_ADMIN, type EstabelecimentoParceiro } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { findFieldRefusal } from '@/test/form';
import { PartnerShopScreen } from './partner-shop-screen';

const shop = (id: number, extra: Partial<EstabelecimentoParceiro> = {}): EstabelecimentoParceiro => ({
  id_estabelecimento: id,
  nome: `Loja ${id}`,
  endereco: 'Av. Ana Costa, 412',
  complemento: '',
  bairro: 'Gonzaga',
  cidade: 'Santos',
  cep: '11060-002',
  uf: 'SP',
  cod_cidade: 3548500,
  telefone: '13992630028',
  whatsup: '13992630028',
  url_foto: '',
  url_logo: '',
  site: 'https://padaria.example',
  avaliacao: 4.5,
  qtd_avaliacao: 10,
  categoria: 'Alimentação',
  ind_ativo: 'S',
  vendedores: [{ id_estabelecimento: id, id_vendedor: 3, nome_vendedor: 'Carla Nunes' }],
  ...extra,
});

const padaria = shop(1, { nome: 'Padaria Bella Vista', url_foto: 'imgest/padaria.png' });
const emporio = shop(2, {
  nome: 'Empório Bella Vista',
  endereco: 'Av. Conselheiro Nébias, 688',
  complemento: 'Loja 2',
  bairro: 'Boqueirão',
  telefone: '1332345678',
  whatsup: '13988776655',
  vendedores: [],
});

let routes: Routes;
let api: MockApi;
let toasts: { mock: { calls: unknown[][] } };
const BASE = '/v1/parceiro/estabelecimentos';

beforeEach(() => {
  setSession(testSession({ parceiro: true, estabelecimentos: { '1': padaria.nome, '2': emporio.nome } }));
  routes = {
    [`GET ${BASE}`]: () => jsonResponse(200, [emporio, padaria]),
    [`PATCH ${BASE}/2`]: (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Partial<EstabelecimentoParceiro>;
      return jsonResponse(200, { ...emporio, ...body, vendedores: [] });
    },
    [`DELETE ${BASE}/1/foto`]: () => jsonResponse(200, { ...padaria, url_foto: '' }),
  };
  api = mockApi(routes);
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
});

const render = () => renderWithApp(<PartnerShopScreen />, { path: '/parceiro/estabelecimento' });
const form = (nome: string) => screen.findByRole('form', { name: `Dados de ${nome}` });

describe('PartnerShopScreen (issue 35)', () => {
  it('shows the partner’s shops as cards and the first one’s form, filled', async () => {
    render();
    const cards = await screen.findByRole('list', { name: 'Seus estabelecimentos' });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'Empório Bella Vista' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Av. Conselheiro Nébias, 688, Loja 2');
    expect(items[0]).toHaveTextContent('Telefone: (13) 3234-5678');
    expect(items[0]).toHaveTextContent('WhatsApp: (13) 98877-6655');
    expect(items[1]).toHaveTextContent('Telefone e WhatsApp: (13) 99263-0028');
    expect(items[1]).toHaveTextContent('Nota 4,5 em 10 avaliações');
    expect(items[0]).toHaveAttribute('aria-current', 'true');

    const f = await form('Empório Bella Vista');
    expect(within(f).getByRole('textbox', { name: 'Telefone' })).toHaveValue('(13) 3234-5678');
    expect(within(f).getByRole('textbox', { name: 'Bairro' })).toHaveValue('Boqueirão');
    // The administrators' fields are not in the partner's form.
    expect(within(f).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(f).queryByRole('textbox', { name: /CNPJ/ })).not.toBeInTheDocument();
  });

  it('saves the telefone with only the partner’s fields, and says so', async () => {
    const user = userEvent.setup();
    render();
    const f = await form('Empório Bella Vista');
    const telefone = within(f).getByRole('textbox', { name: 'Telefone' });
    await user.clear(telefone);
    await user.type(telefone, '1330001234');
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(api.calls('PATCH', `${BASE}/2`)).toHaveLength(1));
    const body = api.bodyOf('PATCH', `${BASE}/2`);
    expect(body).toEqual({
      telefone: '1330001234',
      whatsup: '13988776655',
      site: 'https://padaria.example',
      cep: '11060002',
      endereco: 'Av. Conselheiro Nébias, 688',
      complemento: 'Loja 2',
      bairro: 'Boqueirão',
      vendedores: [],
    });
    await waitFor(() =>
      expect(toasts.mock.calls.map(([n]) => (n as { message: string }).message)).toEqual([
        'Estabelecimento salvo',
      ]),
    );
    // The card shows what was stored.
    const cards = screen.getByRole('list', { name: 'Seus estabelecimentos' });
    await waitFor(() =>
      expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Telefone: (13) 3000-1234'),
    );
  });

  it('adds a seller and sends the whole list with the save', async () => {
    const user = userEvent.setup();
    render();
    const f = await form('Empório Bella Vista');
    await user.type(within(f).getByRole('textbox', { name: 'Nome do vendedor' }), 'Renata Alves{Enter}');
    expect(within(f).getByRole('textbox', { name: 'Nome do vendedor Renata Alves' })).toBeInTheDocument();
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PATCH', `${BASE}/2`)).toHaveLength(1));
    expect(api.bodyOf('PATCH', `${BASE}/2`).vendedores).toEqual([{ nome_vendedor: 'Renata Alves' }]);
  });

  it('marks and focuses a field the contract refuses, without a call', async () => {
    const user = userEvent.setup();
    render();
    const f = await form('Empório Bella Vista');
    const cep = within(f).getByRole('textbox', { name: 'CEP' });
    await user.clear(cep);
    await user.type(cep, '123');
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(cep).toHaveFocus());
    expect(cep).toHaveAttribute('aria-invalid', 'true');
    expect(f).toHaveTextContent('CEP inválido (use 00000-000)');
    expect(api.calls('PATCH', `${BASE}/2`)).toHaveLength(0);
  });

  it('shows every refused field at once under it, in Portuguese, and focuses the first', async () => {
    const user = userEvent.setup();
    render();
    const f = await form('Empório Bella Vista');
    const site = within(f).getByRole('textbox', { name: 'Site' });
    const cep = within(f).getByRole('textbox', { name: 'CEP' });
    await user.clear(site);
    await user.type(site, 'padaria.example');
    await user.clear(cep);
    await user.type(cep, '123');
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));
    expect(await findFieldRefusal(f, MSG_ADMIN.linkInvalido)).toBe(site);
    expect(await findFieldRefusal(f, 'CEP inválido (use 00000-000)')).toBe(cep);
    await waitFor(() => expect(site).toHaveFocus());
    expect(within(f).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('PATCH', `${BASE}/2`)).toHaveLength(0);
  });

  it('shows the server’s refusal next to Salvar, announced', async () => {
    routes[`PATCH ${BASE}/2`] = () => jsonResponse(403, { erro: MSG.semPermissao });
    const user = userEvent.setup();
    render();
    const f = await form('Empório Bella Vista');
    await user.click(within(f).getByRole('button', { name: 'Salvar' }));
    const alert = await within(f).findByRole('alert');
    expect(alert).toHaveTextContent(MSG.semPermissao);
    expect(toasts.mock.calls).toHaveLength(0);
  });

  it('moves the form to another shop and the focus to its heading with Editar', async () => {
    const user = userEvent.setup();
    render();
    await form('Empório Bella Vista');
    await user.click(screen.getByRole('button', { name: 'Editar Padaria Bella Vista' }));
    const heading = await screen.findByRole('heading', { name: 'Editar Padaria Bella Vista' });
    await waitFor(() => expect(heading).toHaveFocus());
    const f = await form('Padaria Bella Vista');
    expect(within(f).getByRole('textbox', { name: 'Bairro' })).toHaveValue('Gonzaga');
    expect(within(f).getByRole('textbox', { name: 'Nome do vendedor Carla Nunes' })).toBeInTheDocument();
  });

  it('removes the photo at once with Remover', async () => {
    const user = userEvent.setup();
    render();
    await form('Empório Bella Vista');
    await user.click(screen.getByRole('button', { name: 'Editar Padaria Bella Vista' }));
    const foto = await screen.findByRole('group', { name: 'Foto' });
    await user.click(within(foto).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(api.calls('DELETE', `${BASE}/1/foto`)).toHaveLength(1));
    await waitFor(() => expect(foto).toHaveTextContent('Sem imagem'));
  });

  it('sends a new logo to the shop’s own route, not to the admins’ image service', async () => {
    const stored = 'imglog/logo-1a2b3c4d.png';
    routes[`PUT ${BASE}/2/logo`] = () => jsonResponse(200, { ...emporio, url_logo: stored });
    const user = userEvent.setup();
    render();
    await form('Empório Bella Vista');
    const logo = screen.getByRole('group', { name: 'Logo' });
    const input = logo.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], 'Logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(api.calls('PUT', `${BASE}/2/logo`)).toHaveLength(1));
    expect(api.bodyOf('PUT', `${BASE}/2/logo`)).toEqual({ nomearq: 'Logo.png', conteudo: 'iVBORwEC' });
    expect(api.fetchMock.mock.calls.some(([u]) => String(u).includes('post_img.php'))).toBe(false);
    await waitFor(() =>
      expect(within(logo).getByRole('img', { name: 'Logo' })).toHaveAttribute(
        'src',
        expect.stringContaining(stored),
      ),
    );
  });

  it('says so when the partner has no shop', async () => {
    routes[`GET ${BASE}`] = () => jsonResponse(200, []);
    render();
    expect(await screen.findByText(/Nenhum estabelecimento está ligado ao seu usuário/)).toBeInTheDocument();
  });

  it('shows a failed load with Tentar novamente, which loads again', async () => {
    routes[`GET ${BASE}`] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar seus estabelecimentos.');
    expect(alert).toHaveTextContent('Banco fora do ar');
    routes[`GET ${BASE}`] = () => jsonResponse(200, [padaria]);
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await form('Padaria Bella Vista')).toBeInTheDocument();
  });
});
