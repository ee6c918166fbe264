import { MSG_APURACAO, type CampanhaAdmin, type ResultadoApuracao } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { typeDate } from '@/test/dates';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { apuracao, ganhador, itemApuracao, itemInstantaneo } from './apuracao-fixtures';
import { ApuracoesAdminScreen } from './apuracoes-admin-screen';

const campanha = (id: number, den: string): CampanhaAdmin => ({
  id_campanha: id,
  den_campanha: den,
  banner: '',
  validade_ini: '2026-11-01',
  validade_fim: '2026-12-31',
  link: '',
  cod_cidade: 3548500,
  limite_vendas_dia_loja: null,
  limite_cupons_mes: null,
  limite_valor_dia: null,
  pct_entidade: 0,
});

const resultado: ResultadoApuracao = {
  id_apuracao: 12,
  premios: ['12345', '67890', '11111', '22222', '33333'],
  serie_inicial: '000',
  numero_inicial: '50123',
  ganhadores: [
    { ...ganhador(1), id_usuario: 11 },
    { ...ganhador(2), id_usuario: 12 },
  ],
};

let api: MockApi;

beforeEach(() => {
  setSession(testSession({ admin: true }));
  api = mockApi({
    'GET /v1/adm/campanhas': () => jsonResponse(200, [campanha(2, 'Natal Premiado'), campanha(3, 'Páscoa')]),
    'GET /v1/apuracoes': () =>
      jsonResponse(200, [
        itemApuracao(),
        itemApuracao({ id_apuracao: 11, concurso: 5920, data: '2026-11-20', status: 'apurada' }),
        itemApuracao({ id_apuracao: 20, id_campanha: 3, concurso: 5999 }),
        itemInstantaneo(),
      ]),
    'POST /v1/adm/apuracoes': () => jsonResponse(201, apuracao({ id_apuracao: 14, concurso: 5940 })),
    'PATCH /v1/adm/apuracoes/12': () =>
      jsonResponse(200, apuracao({ concurso: 5931, data_concurso: '2026-12-26' })),
    'POST /v1/adm/apuracoes/12/resultado': () => jsonResponse(200, resultado),
  });
});

afterEach(() => vi.restoreAllMocks());

const open = () => renderWithApp(<ApuracoesAdminScreen />, { extraRoutes: ['/sorteios/:id'] });

async function rows() {
  const list = await screen.findByRole('list', { name: 'Apurações' });
  return within(list).getAllByRole('listitem');
}

describe('the admin Apurações screen (issue 36)', () => {
  it("lists the first campaign's apurações with their actions, and another campaign's when picked", async () => {
    open();
    const [agendada, apurada] = await rows();
    expect(within(agendada!).getByRole('heading', { name: 'Concurso 5930' })).toBeInTheDocument();
    expect(
      within(agendada!).getByRole('button', { name: 'Lançar resultado do concurso 5930' }),
    ).toBeInTheDocument();
    expect(within(agendada!).getByRole('button', { name: 'Reagendar o concurso 5930' })).toBeInTheDocument();
    expect(within(agendada!).queryByRole('button', { name: /Baixar ata/ })).not.toBeInTheDocument();
    expect(
      within(agendada!).getByRole('link', { name: 'Registro público do concurso 5930' }),
    ).toHaveAttribute('href', '/sorteios/12');
    expect(
      within(apurada!).getByRole('button', { name: 'Baixar ata (PDF) do concurso 5920' }),
    ).toBeInTheDocument();
    expect(within(apurada!).queryByRole('button', { name: /Lançar resultado/ })).not.toBeInTheDocument();
    expect(api.requests('GET', '/v1/apuracoes')[0]?.url.searchParams.get('cod_cidade')).toBe('3548500');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Campanha' }), '3');
    const others = await rows();
    expect(others).toHaveLength(1);
    expect(within(others[0]!).getByRole('heading', { name: 'Concurso 5999' })).toBeInTheDocument();
  });

  it("'Agendar apuração' checks the form, then posts it with the switches as mloja/musuario", async () => {
    const user = userEvent.setup();
    open();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Agendar apuração' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agendar apuração' });
    expect(within(dialog).getByRole('combobox', { name: 'Campanha' })).toHaveValue('2');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_APURACAO.concursoInvalido);
    expect(api.calls('POST', '/v1/adm/apuracoes')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Concurso da Loteria Federal' }), '5940');
    await typeDate(user, within(dialog).getByRole('textbox', { name: 'Data do concurso' }), '2026-12-30');
    const qtd = within(dialog).getByRole('textbox', { name: 'Quantidade de prêmios' });
    expect(qtd).toHaveAttribute('inputmode', 'numeric');
    await user.clear(qtd);
    await user.type(qtd, '2');
    await user.click(within(dialog).getByRole('switch', { name: 'Permitir mais de um prêmio por loja' }));
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodyOf('POST', '/v1/adm/apuracoes')).toEqual({
      id_campanha: 2,
      concurso: 5940,
      data_concurso: '2026-12-30',
      qtd_premios: 2,
      mloja: 'N',
      musuario: 'S',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Apuração do concurso 5940 agendada: 1.500 bilhetes congelados e o hash publicado.',
    );
    await waitFor(() => expect(api.calls('GET', '/v1/apuracoes').length).toBeGreaterThan(1));
  });

  it("'Lançar resultado' wants five prizes of 5 digits, shows the API's refusal, then the winners", async () => {
    const user = userEvent.setup();
    open();
    const [agendada] = await rows();
    await user.click(within(agendada!).getByRole('button', { name: 'Lançar resultado do concurso 5930' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lançar resultado do concurso 5930' });
    const fields = ['1º', '2º', '3º', '4º', '5º'].map((o) =>
      within(dialog).getByRole('textbox', { name: `${o} prêmio` }),
    );
    expect(fields[0]).toHaveAttribute('inputmode', 'numeric');
    for (const [i, p] of ['12345', '67890', '11111', '22222'].entries()) await user.type(fields[i]!, p);
    await user.type(fields[4]!, '333');
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_APURACAO.premiosInvalidos);
    expect(fields[4]).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/v1/adm/apuracoes/12/resultado')).toHaveLength(0);

    await user.type(fields[4]!, '33');
    api.routes['POST /v1/adm/apuracoes/12/resultado'] = () =>
      jsonResponse(409, { erro: MSG_APURACAO.antesDoConcurso });
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG_APURACAO.antesDoConcurso),
    );

    api.routes['POST /v1/adm/apuracoes/12/resultado'] = () => jsonResponse(200, resultado);
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    // The dialog now shows the winners the server found.
    const done = await screen.findByRole('dialog', { name: 'Lançar resultado do concurso 5930' });
    expect(await within(done).findByText(/Resultado lançado/)).toBeInTheDocument();
    const winners = within(done).getAllByRole('row').slice(1);
    expect(winners.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      '000-00001',
      '000-00002',
    ]);
    expect(api.requests('POST', '/v1/adm/apuracoes/12/resultado').at(-1)?.body).toEqual({
      premios: ['12345', '67890', '11111', '22222', '33333'],
    });
  });

  it("'Reagendar' patches the contest, the day and the reason", async () => {
    const user = userEvent.setup();
    open();
    const [agendada] = await rows();
    await user.click(within(agendada!).getByRole('button', { name: 'Reagendar o concurso 5930' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reagendar a apuração do concurso 5930' });
    const concurso = within(dialog).getByRole('textbox', { name: 'Concurso da Loteria Federal' });
    expect(concurso).toHaveValue('5930');
    await user.clear(concurso);
    await user.type(concurso, '5931');
    await typeDate(user, within(dialog).getByRole('textbox', { name: 'Data do concurso' }), '2026-12-26');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Concurso adiado');
    await user.click(within(dialog).getByRole('button', { name: 'Reagendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodyOf('PATCH', '/v1/adm/apuracoes/12')).toEqual({
      concurso: 5931,
      data_concurso: '2026-12-26',
      motivo: 'Concurso adiado',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Apuração reagendada para o concurso 5931, de 26/12/2026.',
    );
  });

  it("'Baixar ata (PDF)' fetches the PDF with the session and saves it; a failure shows the API's text", async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    api.routes['GET /v1/adm/apuracoes/11/ata.pdf'] = () =>
      new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    const createObjectURL = vi.fn((_: Blob) => 'blob:ata');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('ata-apuracao-11.pdf');
      expect(this.href).toBe('blob:ata');
    });
    const user = userEvent.setup();
    open();
    const [, apurada] = await rows();
    await user.click(within(apurada!).getByRole('button', { name: 'Baixar ata (PDF) do concurso 5920' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const blob = createObjectURL.mock.calls[0]![0];
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    expect(
      new Headers(api.calls('GET', '/v1/adm/apuracoes/11/ata.pdf')[0]?.[1]?.headers).get('Authorization'),
    ).toBe('Bearer t');

    api.routes['GET /v1/adm/apuracoes/11/ata.pdf'] = () =>
      jsonResponse(404, { erro: MSG_APURACAO.apuracaoNaoEncontrada });
    await user.click(within(apurada!).getByRole('button', { name: 'Baixar ata (PDF) do concurso 5920' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_APURACAO.apuracaoNaoEncontrada);
  });
});
