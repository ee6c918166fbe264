import { MSG_NFCE, MSG_RECIBO, RESULTADO_RECIBO, type ReciboBody } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { findFieldRefusal } from '@/test/form';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { chaveDeTeste, qrDaChave } from '@/test/nfce';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { entidade, recibo } from './recibo-fixtures';
import { EscanearNotaScreen } from './escanear-screen';
import { ESCOLHA_ENTIDADE } from './doar-entidade';

/** What the (mocked) camera reads when 'Ler QR code da nota' is pressed. */
let lido = '';
vi.mock('@/components/qr-scanner', () => ({
  default: ({ onResult, aim }: { onResult: (text: string) => void; aim: string }) => (
    <button type="button" onClick={() => onResult(lido)}>
      Câmera: {aim}
    </button>
  ),
}));

let api: MockApi;
const enviado = () => api.requests('POST', '/v1/recibos').map((r) => r.body as ReciboBody);

beforeEach(() => {
  // A Santos (SP) resident: the device checks keys against SP and this month.
  setSession(testSession());
  api = mockApi({
    'POST /v1/recibos': () => jsonResponse(201, recibo(1)),
    'GET /v1/entidades': () => jsonResponse(200, [entidade(5, 'Lar Esperança'), entidade(6, 'Casa Azul')]),
  });
});

const render = () => renderWithApp(<EscanearNotaScreen />, { path: '/meu/notas/escanear' });
const campo = () => screen.getByLabelText('Chave de acesso');

describe('Escanear nota fiscal (issue 53)', () => {
  it('refuses a mistyped key under the field, in the contract’s words, and sends nothing', async () => {
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    expect(await findFieldRefusal(document.body, MSG_RECIBO.qrOuChave)).toBe(campo());
    await user.type(campo(), '3526 1111 2223');
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    expect(await findFieldRefusal(document.body, MSG_NFCE.chaveFormato)).toBe(campo());
    // Another state's receipt: the resident's city is in SP.
    await user.clear(campo());
    await user.type(campo(), chaveDeTeste({ uf: 'RS' }));
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    await findFieldRefusal(document.body, MSG_NFCE.notaOutroEstado);
    expect(enviado()).toEqual([]);
  });

  it('sends a typed key as its 44 positions and tells a pending receipt in plain words', async () => {
    const user = userEvent.setup();
    const chave = chaveDeTeste();
    render();
    await user.type(campo(), chave.replace(/(.{4})/g, '$1 '));
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    const status = await screen.findByRole('status', { name: '' });
    expect(await within(status).findByText(RESULTADO_RECIBO.pendente)).toBeInTheDocument();
    expect(
      within(status).getByText(/Padaria Bella Vista · emitida em 11\/2026 · R\$\s45,90/),
    ).toBeInTheDocument();
    expect(
      within(status).getByText('Se a loja não informar a nota até 20/12/2026, ela expira.'),
    ).toBeInTheDocument();
    expect(enviado()).toEqual([{ chave }]);
    expect(campo()).toHaveValue('');
  });

  it('reads the QR with the camera and sends its text; a credited receipt says so', async () => {
    const user = userEvent.setup();
    const chave = chaveDeTeste();
    lido = qrDaChave(chave);
    api.routes['POST /v1/recibos'] = () => jsonResponse(201, recibo(2, { chave, status: 'creditado' }));
    render();
    await user.click(screen.getByRole('button', { name: 'Ler QR code da nota' }));
    await user.click(
      await screen.findByRole('button', { name: /Aponte a câmera para o QR code da nota fiscal/ }),
    );
    expect(await screen.findByText(RESULTADO_RECIBO.creditado)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nota confirmada' })).toBeInTheDocument();
    expect(enviado()).toEqual([{ qrcode: lido }]);
  });

  it('refuses a homologação QR on the device, with no call', async () => {
    const user = userEvent.setup();
    lido = qrDaChave(chaveDeTeste(), 2);
    render();
    await user.click(screen.getByRole('button', { name: 'Ler QR code da nota' }));
    await user.click(await screen.findByRole('button', { name: /Aponte a câmera/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_NFCE.notaHomologacao);
    expect(enviado()).toEqual([]);
  });

  it.each([
    [409, MSG_RECIBO.jaUsado],
    [409, MSG_RECIBO.deOutraPessoa],
    [409, MSG_RECIBO.limiteLojaDia.replace('{n}', '3')],
    [400, MSG_NFCE.notaLojaNaoParticipa],
  ])("shows the server's %i erro: %s", async (status, erro) => {
    const user = userEvent.setup();
    api.routes['POST /v1/recibos'] = () => jsonResponse(status, { erro });
    render();
    await user.type(campo(), chaveDeTeste());
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nota não creditada.');
    expect(alert).toHaveTextContent(erro);
    expect(screen.queryByLabelText('Entidade social')).toBeNull();
  });

  it('offers the donation at once for a receipt without a buyer, and sends it again with the chosen entity', async () => {
    const user = userEvent.setup();
    const chave = chaveDeTeste();
    api.routes['POST /v1/recibos'] = (_u, init) => {
      const body = JSON.parse(String(init?.body)) as ReciboBody;
      if (body.id_entidade === undefined) return jsonResponse(409, { erro: MSG_RECIBO.semComprador });
      return jsonResponse(
        201,
        recibo(3, { chave, status: 'doado', id_entidade: 6, nome_entidade: 'Casa Azul', expira_em: null }),
      );
    };
    render();
    await user.type(campo(), chave);
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    const regiao = await screen.findByRole('region', { name: 'Nota sem comprador' });
    expect(within(regiao).getByText(MSG_RECIBO.semComprador)).toBeInTheDocument();
    const escolha = await within(regiao).findByLabelText('Entidade social');
    expect(escolha).toHaveFocus();
    expect(api.requests('GET', '/v1/entidades')[0]?.url.searchParams.get('cod_cidade')).toBe('3548500');
    // No entity chosen: refused under the field, nothing sent again.
    await user.click(within(regiao).getByRole('button', { name: 'Doar nota' }));
    await findFieldRefusal(regiao, ESCOLHA_ENTIDADE);
    expect(enviado()).toHaveLength(1);
    await user.selectOptions(escolha, 'Casa Azul (Crianças)');
    await user.click(within(regiao).getByRole('button', { name: 'Doar nota' }));
    expect(await screen.findByText(RESULTADO_RECIBO.doado)).toBeInTheDocument();
    expect(screen.getByText('Doada para Casa Azul.')).toBeInTheDocument();
    expect(enviado()).toEqual([{ chave }, { chave, id_entidade: 6 }]);
    expect(screen.queryByRole('region', { name: 'Nota sem comprador' })).toBeNull();
  });

  it('keeps the donation open with the server’s refusal of it', async () => {
    const user = userEvent.setup();
    api.routes['POST /v1/recibos'] = (_u, init) =>
      (JSON.parse(String(init?.body)) as ReciboBody).id_entidade === undefined
        ? jsonResponse(409, { erro: MSG_RECIBO.semComprador })
        : jsonResponse(400, { erro: MSG_RECIBO.entidadeNaoEncontrada });
    render();
    await user.type(campo(), chaveDeTeste());
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    const regiao = await screen.findByRole('region', { name: 'Nota sem comprador' });
    await user.selectOptions(
      await within(regiao).findByLabelText('Entidade social'),
      'Lar Esperança (Crianças)',
    );
    await user.click(within(regiao).getByRole('button', { name: 'Doar nota' }));
    expect(await within(regiao).findByRole('alert')).toHaveTextContent(MSG_RECIBO.entidadeNaoEncontrada);
  });

  it('says so when the city has no social entity to donate to', async () => {
    const user = userEvent.setup();
    api.routes['GET /v1/entidades'] = () => jsonResponse(200, []);
    api.routes['POST /v1/recibos'] = () => jsonResponse(409, { erro: MSG_RECIBO.semComprador });
    render();
    await user.type(campo(), chaveDeTeste());
    await user.click(screen.getByRole('button', { name: 'Enviar nota' }));
    expect(
      await screen.findByText(
        'Esta cidade ainda não tem entidades sociais cadastradas: a nota não pode ser doada agora.',
      ),
    ).toBeInTheDocument();
  });

  it('links to Minhas notas', async () => {
    render();
    expect(screen.getByRole('link', { name: 'Ver minhas notas' })).toHaveAttribute('href', '/meu/notas');
    await waitFor(() => expect(api.fetchMock).not.toHaveBeenCalled());
  });
});
