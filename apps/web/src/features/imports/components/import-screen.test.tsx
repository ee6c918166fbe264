import type { ImportacaoResposta } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { ImportScreen } from './import-screen';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const PATH = '/v1/adm/importacoes/estabelecimentos';

const answer = (over: Partial<ImportacaoResposta> = {}): ImportacaoResposta => ({
  modo: 'previa',
  arquivo: 'lojas.csv',
  formato: 'csv',
  cod_cidade: 3548500,
  total: 3,
  validas: 2,
  invalidas: 1,
  importadas: 0,
  ids: [],
  colunas: ['nome', 'cnpj'],
  colunas_ignoradas: ['Observação'],
  linhas: [
    {
      linha: 2,
      valida: true,
      dados: { nome: 'Padaria Boa', cnpj: '11.222.333/0001-81', vendedores: ['Ana', 'Bia'] },
    },
    { linha: 3, valida: false, dados: { nome: 'Loja Ruim', cnpj: '123' } },
    { linha: 4, valida: true, dados: { nome: 'Mercado Bom', cnpj: '' } },
  ],
  erros: [{ linha: 3, coluna: 'cnpj', mensagem: 'CNPJ invalido' }],
  erros_omitidos: 0,
  ...over,
});

let api: MockApi;

beforeEach(() => {
  api = mockApi({
    [`POST ${PATH}`]: (url) => {
      const modo = url.searchParams.get('modo');
      if (modo === 'tudo')
        return jsonResponse(422, {
          ...answer({ modo: 'tudo' }),
          erro: 'O arquivo tem 1 linha(s) com erro; nada foi importado',
        });
      if (modo === 'validas')
        return jsonResponse(201, answer({ modo: 'validas', importadas: 2, ids: [7, 8] }));
      return jsonResponse(200, answer());
    },
    [`GET ${PATH}/modelo`]: () =>
      new Response('nome;cnpj\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
  });
  setSession(admin);
});

async function preview(user: ReturnType<typeof userEvent.setup>) {
  renderWithApp(<ImportScreen alvo="estabelecimentos" />, {
    path: '/admin/estabelecimento/importar',
    extraRoutes: ['/admin/estabelecimento'],
  });
  const send = screen.getByRole('button', { name: 'Pré-visualizar' });
  expect(send).toBeDisabled();
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['nome;cnpj\n'], 'lojas.csv', { type: 'text/csv' }));
  await waitFor(() => expect(send).toBeEnabled());
  await user.click(send);
  await screen.findByText('3 linhas no arquivo: 2 válidas, 1 com erro.');
}

describe('ImportScreen', () => {
  it('previews a file: the request, the summary, the first rows and every error by line and column', async () => {
    const user = userEvent.setup();
    await preview(user);
    const [req] = api.calls('POST', PATH);
    const url = new URL(String(req?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ modo: 'previa', cod_cidade: '3548500' });
    const form = req?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('arquivo') as File).name).toBe('lojas.csv');
    expect(form.get('cod_cidade')).toBe('3548500');

    const rows = within(screen.getByRole('table', { name: /Prévia/ })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2VálidaPadaria Boa11.222.333/0001-81');
    expect(rows[1]).toHaveTextContent('Ana, Bia');
    expect(rows[2]).toHaveTextContent('3Com erroLoja Ruim123');
    const errors = within(screen.getByRole('table', { name: /1 erro em 1 linha/ })).getAllByRole('row');
    expect(errors.map((r) => r.textContent)).toEqual(['LinhaColunaMensagem', '3cnpjCNPJ invalido']);
    expect(
      screen.getByText(/Estas colunas não são conhecidas e ficaram de fora: Observação/),
    ).toBeInTheDocument();
  });

  it('Importar tudo refused: the reason in the red alert, the rows stay to fix', async () => {
    const user = userEvent.setup();
    await preview(user);
    await user.click(screen.getByRole('button', { name: 'Importar tudo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O arquivo tem 1 linha(s) com erro; nada foi importado',
    );
    expect(screen.getByRole('button', { name: 'Importar só as válidas' })).toBeEnabled();
    expect(new URL(String(api.calls('POST', PATH)[1]?.[0]), 'http://x').searchParams.get('modo')).toBe(
      'tudo',
    );
  });

  it('Importar só as válidas: the count stored and a way back to the list', async () => {
    const user = userEvent.setup();
    await preview(user);
    await user.click(screen.getByRole('button', { name: 'Importar só as válidas' }));
    expect(
      await screen.findByText('2 estabelecimentos importados; 1 linha com erro ficou de fora.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar tudo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ver estabelecimentos' }));
    expect(await screen.findByText('Página /admin/estabelecimento')).toBeInTheDocument();
  });

  it('a server error shows in the red alert', async () => {
    api.routes[`POST ${PATH}`] = () => jsonResponse(413, { erro: 'O arquivo passa do limite de 20 MB' });
    const user = userEvent.setup();
    renderWithApp(<ImportScreen alvo="estabelecimentos" />, { path: '/x' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'grande.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Pré-visualizar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O arquivo passa do limite de 20 MB');
  });

  it('downloads the template with the session', async () => {
    const createObjectURL = vi.fn(() => 'blob:modelo');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderWithApp(<ImportScreen alvo="estabelecimentos" />, { path: '/x' });
    await user.click(screen.getByRole('button', { name: 'Baixar modelo CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const [req] = api.calls('GET', `${PATH}/modelo`);
    expect(new URL(String(req?.[0]), 'http://x').searchParams.get('formato')).toBe('csv');
    expect(new Headers(req?.[1]?.headers).get('authorization')).toMatch(/^Bearer /);
  });

  it('lists the file’s columns, the required one marked', async () => {
    const user = userEvent.setup();
    renderWithApp(<ImportScreen alvo="turismo" />, { path: '/x' });
    expect(screen.getByRole('heading', { name: 'Importar turismo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Colunas do arquivo' }));
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('descricaoSim');
    expect(rows[2]).toHaveTextContent('tipoSim');
  });
});
