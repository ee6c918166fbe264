import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { ExportMenu, fileNameOf } from './export-menu';

const saved: { name: string; size: number }[] = [];
vi.mock('@/lib/download', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ name, size: blob.size }),
}));

let api: MockApi;
let asks = 0;

beforeEach(() => {
  saved.length = 0;
  asks = 0;
  setSession(testSession({ nome: 'Ana Admin', admin: true }));
});

const csv = () =>
  new Response('\uFEFFID;Nome\r\n1;Loja\r\n', {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="vendas-2026-03-10.csv"; filename*=UTF-8''vendas-2026-03-10.csv`,
    },
  });

const status = (linhas: number, situacao: string) => ({
  id_exportacao: 9,
  lista: 'vendas-cidade',
  formato: 'xlsx',
  situacao,
  linhas,
  total: 100,
  progresso: situacao === 'pronta' ? 100 : linhas,
  nome_arquivo: 'vendas-2026-03-10.xlsx',
  criada_em: '2026-03-10T13:00:00.000Z',
  concluida_em: null,
  expira_em: null,
  url: situacao === 'pronta' ? '/v1/adm/exportacoes/9/arquivo' : null,
  erro: null,
});

describe('the Exportar menu', () => {
  it('downloads a small export at once, with the screen filters and the server file name', async () => {
    api = mockApi({ 'GET /v1/adm/vendas': () => csv() });
    renderWithApp(
      <ExportMenu path="/v1/adm/vendas" what="vendas" query={{ cod_cidade: 3548500, q: undefined }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Exportar vendas' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'vendas-2026-03-10.csv', size: expect.any(Number) }]));
    const [req] = api.requests('GET', '/v1/adm/vendas');
    expect(Object.fromEntries(req!.url.searchParams)).toEqual({ cod_cidade: '3548500', formato: 'csv' });
    expect(req!.init?.headers && new Headers(req!.init.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('follows a large export with a progress bar, then offers Baixar', async () => {
    api = mockApi({
      'GET /v1/adm/vendas': () => jsonResponse(202, { id_exportacao: 9, situacao: 'pendente', total: 100 }),
      'GET /v1/adm/exportacoes/9': () =>
        jsonResponse(200, asks++ === 0 ? status(40, 'rodando') : status(100, 'pronta')),
      'GET /v1/adm/exportacoes/9/arquivo': () => new Response(new Blob(['PK']), { status: 200 }),
    });
    renderWithApp(<ExportMenu path="/v1/adm/vendas" what="vendas" />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar vendas' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(
      await screen.findByRole(
        'progressbar',
        { name: 'Progresso da exportação de vendas' },
        { timeout: 3000 },
      ),
    ).toBeVisible();
    expect(await screen.findByText(/40 de 100 linhas/)).toBeVisible();
    const baixar = await screen.findByRole(
      'button',
      { name: 'Baixar a exportação de vendas' },
      { timeout: 4000 },
    );
    await userEvent.click(baixar);
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['vendas-2026-03-10.xlsx']));
  });

  it('shows the server message when the export is refused', async () => {
    api = mockApi({
      'GET /v1/adm/vendas': () => jsonResponse(403, { erro: 'Sem permissão para outra cidade' }),
    });
    renderWithApp(<ExportMenu path="/v1/adm/vendas" what="vendas" />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar vendas' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem permissão para outra cidade');
  });

  it('reads the file name of a Content-Disposition', () => {
    expect(
      fileNameOf(`attachment; filename="a_b.csv"; filename*=UTF-8''contesta%C3%A7%C3%B5es.csv`, 'x'),
    ).toBe('contestações.csv');
    expect(fileNameOf('attachment; filename="a.csv"', 'x')).toBe('a.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
