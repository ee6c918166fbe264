import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestProviders } from '@/test/render';
import { NOTICES_TITLE, NoticesModal, noticesViewer, resetNoticesShown } from './notices-modal';

const avisos = [
  {
    id_aviso: 2,
    cod_cidade: 3548500,
    type: 'M',
    title: 'Sorteio da 2ª edição',
    body: 'O sorteio é <b>amanhã</b>.\nBoa sorte!<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
    image: 'imgban/aviso.png',
    validade: '2027-02-05',
  },
  {
    id_aviso: 1,
    cod_cidade: 3548500,
    type: 'M',
    title: 'Bem-vindo',
    body: 'Olá',
    image: '',
    validade: '2027-01-21',
  },
];

/** Lets the answer arrive and render. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 100)));

/** The popup stays closed for `viewer` and tells the home, once, that it may go on. */
async function expectSettledWithoutPopup(viewer: string) {
  const onSettled = vi.fn();
  const view = render(<NoticesModal codCidade={3548500} viewer={viewer} onSettled={onSettled} />, {
    wrapper: TestProviders,
  });
  await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  view.unmount();
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetNoticesShown();
  fetchMock = vi.fn(async () => jsonResponse(200, avisos));
  vi.stubGlobal('fetch', fetchMock);
});

describe('NoticesModal (spec §2 notices popup)', () => {
  it('opens on load with the title, each notice, sanitised HTML with line breaks, and Fechar closes it', async () => {
    const user = userEvent.setup();
    render(<NoticesModal codCidade={3548500} viewer="1" />, { wrapper: TestProviders });
    const dialog = await screen.findByRole('dialog', { name: NOTICES_TITLE });
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/v1\/avisos\?cod_cidade=3548500$/);

    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('heading', { name: 'Sorteio da 2ª edição' })).toBeInTheDocument();
    expect(
      within(items[0]).getByRole('img', { name: 'Imagem do aviso Sorteio da 2ª edição' }),
    ).toBeInTheDocument();
    expect(items[0].querySelector('b')).toHaveTextContent('amanhã');
    expect(items[0].querySelector('br')).not.toBeNull();
    expect(items[0].innerHTML).not.toMatch(/<script|onerror/i);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is shown once per login: coming back or reloading does not open it again; a new notice does', async () => {
    const user = userEvent.setup();
    const first = render(<NoticesModal codCidade={3548500} viewer="1.aa" />, { wrapper: TestProviders });
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));
    first.unmount();

    const again = render(<NoticesModal codCidade={3548500} viewer="1.aa" />, { wrapper: TestProviders });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    again.unmount();

    // A notice not seen yet brings the popup back, with every notice.
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, [{ ...avisos[1], id_aviso: 3, title: 'Novidade' }, ...avisos]),
    );
    const news = render(<NoticesModal codCidade={3548500} viewer="1.aa" />, { wrapper: TestProviders });
    const dialog = await screen.findByRole('dialog', { name: NOTICES_TITLE });
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(3);
    news.unmount();

    // The next login (another token) sees them again.
    render(<NoticesModal codCidade={3548500} viewer="1.bb" />, { wrapper: TestProviders });
    expect(await screen.findByRole('dialog', { name: NOTICES_TITLE })).toBeInTheDocument();
  });

  it('noticesViewer tells logins apart without keeping the token', () => {
    const a = noticesViewer(7, 'X0R3y2njdC7q7c-lGNFygdBuORhhkF1IFhRe7VMFlQE');
    expect(a).toMatch(/^7\.[0-9a-f]+$/);
    expect(a).not.toContain('X0R3');
    expect(noticesViewer(7, 'X0R3y2njdC7q7c-lGNFygdBuORhhkF1IFhRe7VMFlQE')).toBe(a);
    expect(noticesViewer(7, 'outro-token')).not.toBe(a);
  });

  it('stays closed when there are no notices or the call fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    const empty = render(<NoticesModal codCidade={3548500} viewer="1" />, { wrapper: TestProviders });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    empty.unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(500, { erro: 'falhou' }));
    render(<NoticesModal codCidade={3548500} viewer="2" />, { wrapper: TestProviders });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells the home it may go on only once the popup is on screen, or once it will not open', async () => {
    // Decision 020: the home holds the shops list until then.
    const onSettled = vi.fn();
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (answer = r)));
    const popup = render(<NoticesModal codCidade={3548500} viewer="3" onSettled={onSettled} />, {
      wrapper: TestProviders,
    });
    await settle();
    expect(onSettled).not.toHaveBeenCalled();
    answer(jsonResponse(200, avisos));
    await screen.findByRole('dialog', { name: NOTICES_TITLE });
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    popup.unmount();

    // All seen already: no popup, and the home goes on.
    await expectSettledWithoutPopup('3');

    // No notices, or the list failed: the same.
    for (const res of [jsonResponse(200, []), jsonResponse(500, { erro: 'falhou' })]) {
      fetchMock.mockResolvedValueOnce(res);
      await expectSettledWithoutPopup('4');
    }
  });
});
