import { notifications } from '@mantine/notifications';
import type { ContestacaoAdmin, ExtratoItem } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as Extrato } from '../routes/extrato';
import { setSession } from '@/lib/session';
import { typeDate } from '@/test/dates';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { findFieldRefusal } from '@/test/form';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';

/** The texts of the toasts shown (the one notice path, lib/notify). */
let toasts: { mock: { calls: unknown[][] } };
const toasted = () => toasts.mock.calls.map(([n]) => (n as { message: string }).message);

const linha: ExtratoItem = {
  id_venda: 41,
  id_campanha: 1,
  den_campanha: 'Natal Premiado',
  id_estabelecimento: 7,
  nomeestabelecimento: 'Padaria Bella Vista',
  dat_venda: '2026-11-20',
  numero_venda: 'NF-41',
  valor_venda: 30,
  cashback: 1.5,
  pontos: 3,
  cupons: 3,
};

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

/** Picks the shop in the complaint's 'Estabelecimento': typed, searched on the server, chosen. */
async function pickShop(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('combobox', { name: /Estabelecimento/ }), 'pada');
  // The search goes to the server (a city may have thousands of shops).
  await waitFor(() =>
    expect(
      api.requests('GET', '/v1/estabelecimentos/busca').some((r) => r.url.searchParams.get('q') === 'pada'),
    ).toBe(true),
  );
  await user.click(await screen.findByRole('option', { name: 'Padaria Bella Vista' }));
}

describe('the Extrato’s complaints (issue 37)', () => {
  beforeEach(() => {
    toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
    setSession(testSession({ nome: 'Rosa Morador' }));
    api = mockApi({
      'GET /v1/extrato': () => jsonResponse(200, [linha]),
      'GET /v1/contestacoes': () =>
        jsonResponse(200, [
          contestacao({
            id_contestacao: 4,
            status: 'recusada',
            motivo: 'Nota confere',
            numero_venda: 'NF-9',
          }),
        ]),
      'POST /v1/contestacoes': () => jsonResponse(201, { id_contestacao: 6, status: 'aberta' }),
      'GET /v1/estabelecimentos/busca': () =>
        jsonResponse(200, [{ id_estabelecimento: 7, nome: 'Padaria Bella Vista' }], { 'X-Total-Count': '1' }),
    });
  });

  it("'Não reconheço esta compra' asks first, then contests the line", async () => {
    const user = userEvent.setup();
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    const card = await screen.findByRole('article', { name: 'Venda 41' });
    await user.click(within(card).getByRole('button', { name: /Não reconheço esta compra: venda NF-41/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Não reconheço esta compra' });
    expect(api.requests('POST', '/v1/contestacoes')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Contestar' }));
    await waitFor(() => expect(toasted()).toContainEqual(expect.stringMatching(/Contestação enviada/)));
    expect(api.bodyOf('POST', '/v1/contestacoes')).toEqual({ tipo: 'nao_reconheco', id_venda: 41 });
  });

  it('shows my complaints with their status and reason', async () => {
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    const list = await screen.findByRole('list', { name: 'Minhas contestações' });
    expect(list).toHaveTextContent('Recusada');
    expect(list).toHaveTextContent('Motivo: Nota confere');
  });

  it('lets me see the receipt photo I sent, fetched with my session', async () => {
    const createObjectURL = vi.fn((_: Blob) => 'blob:meu-comprovante');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    api.routes['GET /v1/contestacoes'] = () =>
      jsonResponse(200, [
        contestacao({
          id_contestacao: 8,
          tipo: 'nao_registrada',
          id_venda: null,
          numero_venda: 'R-12',
          imagem: `comprovantes/3-${'cd'.repeat(16)}.png`,
        }),
        contestacao(),
      ]);
    api.routes['GET /v1/contestacoes/8/comprovante'] = () =>
      new Response(new Uint8Array([0x89, 0x50]), { status: 200, headers: { 'Content-Type': 'image/png' } });
    const user = userEvent.setup();
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    const list = await screen.findByRole('list', { name: 'Minhas contestações' });
    // Only the complaint with a photo offers it.
    const ver = within(list).getAllByRole('button', { name: /Ver comprovante/ });
    expect(ver).toHaveLength(1);
    await user.click(
      within(list).getByRole('button', { name: 'Ver comprovante da compra R-12 em Padaria Bella Vista' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Foto do comprovante' });
    expect(
      await within(dialog).findByRole('img', {
        name: 'Foto do comprovante da venda R-12 de Padaria Bella Vista',
      }),
    ).toHaveAttribute('src', 'blob:meu-comprovante');
    const [call] = api.calls('GET', '/v1/contestacoes/8/comprovante');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it("'Minha compra não foi registrada' sends shop, day, value and receipt number", async () => {
    const user = userEvent.setup();
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    await user.click(await screen.findByRole('button', { name: 'Minha compra não foi registrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Minha compra não foi registrada' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(/Valor: informe um valor/)).toBeInTheDocument();
    await pickShop(user, dialog);
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Data da compra/ }), '2026-11-19');
    await user.type(within(dialog).getByRole('textbox', { name: /Valor/ }), '12,50');
    await user.type(within(dialog).getByRole('textbox', { name: /Número da venda/ }), 'R-77');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.requests('POST', '/v1/contestacoes')).toHaveLength(1));
    expect(api.bodyOf('POST', '/v1/contestacoes')).toEqual({
      tipo: 'nao_registrada',
      id_estabelecimento: 7,
      dat_venda: '2026-11-19',
      valor_venda: 12.5,
      numero_venda: 'R-77',
    });
  });

  it("'Minha compra não foi registrada' sent empty marks every required field at once, under it, and focuses the first (issue 51)", async () => {
    const user = userEvent.setup();
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    await user.click(await screen.findByRole('button', { name: 'Minha compra não foi registrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Minha compra não foi registrada' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const loja = within(dialog).getByRole('combobox', { name: /Estabelecimento/ });
    const data = within(dialog).getByRole('textbox', { name: /Data da compra/ });
    const valor = within(dialog).getByRole('textbox', { name: /Valor/ });
    const numero = within(dialog).getByRole('textbox', { name: /Número da venda/ });
    await waitFor(() => expect(loja).toHaveAttribute('aria-invalid', 'true'));
    for (const [field, message] of [
      [loja, 'Escolha o estabelecimento'],
      [data, 'Informe a data da compra'],
      [valor, 'Valor: informe um valor, como 1.234,56'],
      [numero, 'Informe o número da venda (do recibo)'],
    ] as const) {
      expect(await findFieldRefusal(dialog, message)).toBe(field);
    }
    await waitFor(() => expect(loja).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // The photo is optional: not marked.
    expect(within(dialog).getByRole('button', { name: /Foto do comprovante/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.requests('POST', '/v1/contestacoes')).toHaveLength(0);
  });

  /** Fills the 'não registrada' form with a valid shop, day, value and number. */
  async function fillClaim(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await pickShop(user, dialog);
    await typeDate(user, within(dialog).getByRole('textbox', { name: /Data da compra/ }), '2026-11-19');
    await user.type(within(dialog).getByRole('textbox', { name: /Valor/ }), '12,50');
    await user.type(within(dialog).getByRole('textbox', { name: /Número da venda/ }), 'R-77');
  }

  const fileInput = (dialog: HTMLElement) => {
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('sem campo de arquivo');
    return input;
  };

  it("sends the receipt's photo first, then the complaint naming it; a retry does not send it again", async () => {
    const imagem = `comprovantes/3-${'ab'.repeat(16)}.png`;
    api.routes['POST /v1/contestacoes/comprovante'] = () => jsonResponse(201, { imagem });
    api.routes['POST /v1/contestacoes'] = () => jsonResponse(500, { erro: 'Servidor fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    await user.click(await screen.findByRole('button', { name: 'Minha compra não foi registrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Minha compra não foi registrada' });
    expect(
      within(dialog).getByRole('button', { name: /Foto do comprovante \(opcional\)/ }),
    ).toBeInTheDocument();
    await fillClaim(user, dialog);
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'nota.png', {
      type: 'image/png',
    });
    await user.upload(fileInput(dialog), photo);
    expect(within(dialog).getByText('nota.png')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('Servidor fora do ar')).toBeInTheDocument();
    expect(api.bodyOf('POST', '/v1/contestacoes/comprovante')).toEqual({
      nomearq: 'nota.png',
      conteudo: btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 1, 2, 3)),
    });
    const [upload] = api.calls('POST', '/v1/contestacoes/comprovante');
    expect(new Headers(upload?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);

    api.routes['POST /v1/contestacoes'] = () => jsonResponse(201, { id_contestacao: 6, status: 'aberta' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(toasted()).toContainEqual(expect.stringMatching(/Contestação enviada/)));
    expect(api.calls('POST', '/v1/contestacoes/comprovante')).toHaveLength(1);
    expect(api.requests('POST', '/v1/contestacoes').at(-1)?.body).toEqual({
      tipo: 'nao_registrada',
      id_estabelecimento: 7,
      dat_venda: '2026-11-19',
      valor_venda: 12.5,
      numero_venda: 'R-77',
      imagem,
    });
  });

  it('shows why the photo was not sent, and sends no complaint', async () => {
    api.routes['POST /v1/contestacoes/comprovante'] = () =>
      jsonResponse(400, { erro: 'O arquivo enviado não é uma imagem válida (use PNG, JPEG, WebP ou GIF)' });
    const user = userEvent.setup();
    renderWithApp(<Extrato />, { path: '/meu/extrato' });
    await user.click(await screen.findByRole('button', { name: 'Minha compra não foi registrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Minha compra não foi registrada' });
    await fillClaim(user, dialog);
    await user.upload(fileInput(dialog), new File(['x'], 'recibo.heic', { type: 'image/heic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(/não é uma imagem válida/)).toBeInTheDocument();
    expect(api.requests('POST', '/v1/contestacoes')).toHaveLength(0);
  });
});
