import type { ContestacaoAdmin } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { ContestacoesAdminScreen } from './contestacoes-admin-screen';

const contestacao = (o: Partial<ContestacaoAdmin> = {}): ContestacaoAdmin => ({
  id_contestacao: 5,
  tipo: 'nao_reconheco',
  status: 'aberta',
  id_venda: 41,
  id_estabelecimento: 7,
  nome_estabelecimento: 'Padaria Bella Vista',
  dat_venda: '2026-11-20',
  valor_venda: 30,
  numero_venda: 'NF-41',
  imagem: null,
  criada_em: '2026-11-21T12:00:00.000Z',
  decidida_em: null,
  motivo: null,
  historico: [{ em: '2026-11-21T12:00:00.000Z', status: 'aberta', motivo: null }],
  id_usuario: 3,
  nome_usuario: 'Rosa Morador',
  cod_cidade: 3548500,
  automatica: false,
  ...o,
});

let api: MockApi;
afterEach(() => vi.restoreAllMocks());

describe('/admin/contestacoes (issue 37)', () => {
  beforeEach(() => {
    setSession(testSession({ admin: true }));
    api = mockApi({
      'GET /v1/adm/contestacoes': (url) =>
        jsonResponse(
          200,
          url.searchParams.get('status') === 'aceita'
            ? [contestacao({ id_contestacao: 8, status: 'aceita', motivo: 'ok' })]
            : [contestacao()],
        ),
      'POST /v1/adm/contestacoes/5/decisao': () =>
        jsonResponse(200, contestacao({ status: 'aceita', motivo: 'Cliente viajava' })),
    });
  });

  it('lists the open ones first, filters by status, and accepts with a reason', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContestacoesAdminScreen />);
    const list = await screen.findByRole('list', { name: 'Contestações' });
    expect(list).toHaveTextContent('Rosa Morador');
    expect(api.requests('GET', '/v1/adm/contestacoes')[0]?.url.searchParams.get('status')).toBe('aberta');
    expect(api.requests('GET', '/v1/adm/contestacoes')[0]?.url.searchParams.get('cod_cidade')).toBe(
      '3548500',
    );

    await user.click(within(list).getByRole('button', { name: /Aceitar a contestação 5/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar contestação' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    const motivo = await findFieldRefusal(dialog, 'Informe o motivo');
    expect(motivo).toBe(within(dialog).getByLabelText(/Motivo/));
    await waitFor(() => expect(motivo).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requests('POST', '/v1/adm/contestacoes/5/decisao')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Cliente viajava');
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    expect(await screen.findByText('Contestação aceita.')).toBeInTheDocument();
    expect(api.bodyOf('POST', '/v1/adm/contestacoes/5/decisao')).toEqual({
      decisao: 'aceita',
      motivo: 'Cliente viajava',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'aceita');
    const accepted = await screen.findByRole('list', { name: 'Contestações' });
    await waitFor(() => expect(accepted).toHaveTextContent('Aceita'));
    expect(within(accepted).queryByRole('button', { name: /Aceitar/ })).not.toBeInTheDocument();
  });

  it("'Ver comprovante' fetches the private photo with the session and shows it in a dialog", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const createObjectURL = vi.fn((_: Blob) => 'blob:comprovante');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    api.routes['GET /v1/adm/contestacoes'] = () =>
      jsonResponse(200, [
        contestacao({
          id_contestacao: 9,
          tipo: 'nao_registrada',
          id_venda: null,
          numero_venda: 'R-77',
          imagem: `comprovantes/3-${'ab'.repeat(16)}.png`,
        }),
        contestacao(),
      ]);
    api.routes['GET /v1/contestacoes/9/comprovante'] = () =>
      new Response(png, { status: 200, headers: { 'Content-Type': 'image/png' } });
    const user = userEvent.setup();
    renderWithApp(<ContestacoesAdminScreen />);
    const list = await screen.findByRole('list', { name: 'Contestações' });
    // Only the complaint with a photo offers it.
    expect(within(list).getAllByRole('button', { name: /Ver comprovante/ })).toHaveLength(1);
    const ver = within(list).getByRole('button', {
      name: 'Ver comprovante da contestação 9 de Rosa Morador',
    });
    ver.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Foto do comprovante' });
    const img = await within(dialog).findByRole('img', {
      name: 'Foto do comprovante da venda R-77 de Padaria Bella Vista, enviada por Rosa Morador',
    });
    expect(img).toHaveAttribute('src', 'blob:comprovante');
    const [call] = api.calls('GET', '/v1/contestacoes/9/comprovante');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(createObjectURL.mock.calls[0]?.[0].size).toBe(4);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Foto do comprovante' })).toBeNull());
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:comprovante');
  });

  it('says so when the photo cannot be loaded', async () => {
    api.routes['GET /v1/adm/contestacoes'] = () =>
      jsonResponse(200, [
        contestacao({ id_contestacao: 9, imagem: `comprovantes/3-${'ab'.repeat(16)}.png` }),
      ]);
    api.routes['GET /v1/contestacoes/9/comprovante'] = () =>
      jsonResponse(404, { erro: 'Esta contestação não tem foto do comprovante' });
    const user = userEvent.setup();
    renderWithApp(<ContestacoesAdminScreen />);
    await user.click(await screen.findByRole('button', { name: /Ver comprovante da contestação 9/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto do comprovante' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Esta contestação não tem foto do comprovante',
    );
  });
});
