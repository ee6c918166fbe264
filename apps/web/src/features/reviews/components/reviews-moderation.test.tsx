import { notifications } from '@mantine/notifications';
import { MSG } from '@praca/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findFieldRefusal } from '@/test/form';
import { jsonResponse, renderWithApp } from '@/test/render';
import { APPROVED_TOAST, DELETED_TOAST } from './moderation-dialogs';
import { ReviewsModeration } from './reviews-moderation';

const pendente = {
  id_avaliacao: 5,
  id_estabelecimento: 1,
  nome_estabelecimento: 'Padaria Bella Vista',
  nomeusuario: 'F******* ******* G****',
  datahora: '2026-11-20T18:51:00.000Z',
  den_avaliacao: 'O pão de queijo estava frio hoje.',
  den_resposta: '',
  nro_estrelas: 3,
  aprovado: 'N',
};

let list: unknown[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  list = [pendente];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (!init?.method || init.method === 'GET') {
      return new Response(JSON.stringify(list), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(list.length) },
      });
    }
    list = [];
    return jsonResponse(200, init.method === 'DELETE' ? { ok: true } : { ...pendente, aprovado: 'S' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url}`);

describe('ReviewsModeration (Aprova Avaliação)', () => {
  it('shows exactly "Nenhuma avaliação pendente" when there are none', async () => {
    list = [];
    renderWithApp(<ReviewsModeration />);
    expect(await screen.findByText(MSG.semAvaliacaoPendente)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Aprova Avaliação' })).toBeInTheDocument();
  });

  it('approves with the optional answer, then reloads the list and confirms', async () => {
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderWithApp(<ReviewsModeration codCidade="3548500" />);
    const row = (await screen.findByText(pendente.den_avaliacao)).closest('tr');
    expect(row).not.toBeNull();
    expect(calls()[0]).toMatch(
      /GET \/v1\/estabelecimentos\/avaliacoes\?aprovado=N&cod_cidade=3548500&pagina=1&limite=20$/,
    );
    expect(within(row as HTMLElement).getByText('20/11/2026')).toBeInTheDocument();

    await user.click(within(row as HTMLElement).getByRole('button', { name: /^Aprovar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar avaliação' });
    await user.type(within(dialog).getByLabelText('Resposta (opcional)'), 'Obrigado pelo aviso!');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));

    expect(await screen.findByText(MSG.semAvaliacaoPendente)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(String(post?.[0])).toMatch(/\/v1\/adm\/estabelecimentos\/avaliacao\/aprovar\/5$/);
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({
      ies_aprovacao: 'S',
      den_resposta: 'Obrigado pelo aviso!',
    });
    expect(calls().filter((c) => c.startsWith('GET'))).toHaveLength(2);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: APPROVED_TOAST }));
  });

  it('refuses an answer the contract refuses under the field, focused, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReviewsModeration codCidade="3548500" />);
    const row = (await screen.findByText(pendente.den_avaliacao)).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('button', { name: /^Aprovar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar avaliação' });
    // Pasted past the field's limit (a typed one stops at 2000).
    fireEvent.change(within(dialog).getByLabelText('Resposta (opcional)'), {
      target: { value: 'a'.repeat(2001) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    const resposta = await findFieldRefusal(dialog, 'Use no máximo 2000 caracteres');
    await waitFor(() => expect(resposta).toHaveFocus());
    expect(calls().filter((c) => c.startsWith('POST'))).toHaveLength(0);
  });

  it('deletes only after the confirmation "Confirma Exclusao"', async () => {
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderWithApp(<ReviewsModeration />);
    const row = (await screen.findByText(pendente.den_avaliacao)).closest('tr') as HTMLElement;
    expect(calls()[0]).not.toMatch(/cod_cidade/);

    await user.click(within(row).getByRole('button', { name: /^Excluir/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirma Exclusao')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().some((c) => c.startsWith('DELETE'))).toBe(false);

    await user.click(within(row).getByRole('button', { name: /^Excluir/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG.semAvaliacaoPendente)).toBeInTheDocument();
    expect(calls().find((c) => c.startsWith('DELETE'))).toMatch(
      /\/v1\/adm\/estabelecimentos\/avaliacao\/aprovar\/5$/,
    );
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: DELETED_TOAST }));
  });
});
