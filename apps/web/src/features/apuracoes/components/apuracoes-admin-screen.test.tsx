import { notifications } from '@mantine/notifications';
import {
  MSG_APURACAO,
  type AgendamentoApuracao,
  type CampanhaAdmin,
  type ResultadoApuracao,
  type ResultadoPendente,
} from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
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
  exige_nfce: false,
});

const resultado: ResultadoApuracao = {
  id_apuracao: 12,
  premios: ['12345', '67890', '11111', '22222', '33333'],
  serie_inicial: null,
  numero_inicial: null,
  versao_regra: 2,
  concurso: 5930,
  ganhadores: [
    { ...ganhador(1), id_usuario: 11 },
    { ...ganhador(2), id_usuario: 12 },
  ],
};

const pendente: ResultadoPendente = {
  status: 'aguardando_confirmacao',
  id_apuracao: 12,
  concurso: 5930,
  lancado_por: 'Ana Admin',
  lancado_em: '2026-12-23T22:05:00.000Z',
};

const agendamento = (extra: Partial<AgendamentoApuracao> = {}): AgendamentoApuracao => ({
  ...apuracao({ id_apuracao: 14, concurso: 5940, id_campanha: 3, den_campanha: 'Páscoa' }),
  contestacoes_abertas: 0,
  ...extra,
});

let api: MockApi;
let toasts: MockInstance<typeof notifications.show>;

beforeEach(() => {
  setSession(testSession({ admin: true }));
  toasts = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  api = mockApi({
    'GET /v1/adm/campanhas': () => jsonResponse(200, [campanha(2, 'Natal Premiado'), campanha(3, 'Páscoa')]),
    'GET /v1/apuracoes': () =>
      jsonResponse(200, [
        itemApuracao(),
        itemApuracao({ id_apuracao: 11, concurso: 5920, data: '2026-11-20', status: 'apurada' }),
        itemApuracao({ id_apuracao: 20, id_campanha: 3, concurso: 5999 }),
        itemInstantaneo(),
      ]),
    'GET /v1/adm/cidades/3548500/promotor': () =>
      jsonResponse(200, {
        cod_cidade: 3548500,
        cidade: 'Santos',
        uf: 'SP',
        promotor_nome: 'Praça Promoções Ltda',
        promotor_cnpj: '11.222.333/0001-81',
      }),
    'GET /v1/apuracoes/12': () => jsonResponse(200, apuracao()),
    'GET /v1/apuracoes/11': () =>
      jsonResponse(
        200,
        apuracao({ id_apuracao: 11, concurso: 5920, status: 'apurada', ata: '/v1/apuracoes/11/ata.pdf' }),
      ),
    'GET /v1/apuracoes/20': () =>
      jsonResponse(200, apuracao({ id_apuracao: 20, id_campanha: 3, concurso: 5999 })),
    'POST /v1/adm/apuracoes': () => jsonResponse(201, agendamento()),
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

/** The toasts' texts so far. */
const toasted = () => toasts.mock.calls.map(([n]) => String(n.message));

describe('the admin Apurações screen (issues 36, 49)', () => {
  it("lists the first campaign's apurações with their actions, and another campaign's when picked", async () => {
    open();
    const [agendada, apurada] = await rows();
    expect(within(agendada!).getByRole('heading', { name: 'Concurso 5930' })).toBeInTheDocument();
    for (const name of [
      'Lançar resultado do concurso 5930',
      'Reagendar o concurso 5930',
      'Concurso não realizado: concurso 5930',
      'Registrar publicação do edital do concurso 5930',
    ])
      expect(within(agendada!).getByRole('button', { name })).toBeInTheDocument();
    expect(within(agendada!).queryByRole('button', { name: /Baixar ata/ })).not.toBeInTheDocument();
    expect(
      within(agendada!).getByRole('link', { name: 'Registro público do concurso 5930' }),
    ).toHaveAttribute('href', '/sorteios/12');
    expect(
      await within(agendada!).findByRole('link', { name: 'Edital (PDF) do concurso 5930' }),
    ).toHaveAttribute('href', '/v1/apuracoes/12/edital.pdf');
    expect(
      within(apurada!).getByRole('button', { name: 'Baixar ata (PDF) do concurso 5920' }),
    ).toBeInTheDocument();
    expect(within(apurada!).queryByRole('button', { name: /Lançar resultado/ })).not.toBeInTheDocument();
    expect(within(apurada!).queryByRole('button', { name: /Reagendar/ })).not.toBeInTheDocument();
    expect(api.requests('GET', '/v1/apuracoes')[0]?.url.searchParams.get('cod_cidade')).toBe('3548500');
    // The city's promoter, under the title; a city admin does not edit it.
    expect(
      await screen.findByText('Promotor: Praça Promoções Ltda — CNPJ 11.222.333/0001-81'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar promotor' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Campanha' }), '3');
    const others = await rows();
    expect(others).toHaveLength(1);
    expect(within(others[0]!).getByRole('heading', { name: 'Concurso 5999' })).toBeInTheDocument();
  });

  it("shows 'Suspensa' and why, and 'Aguardando confirmação' when a first entry waits for a second person", async () => {
    api.routes['GET /v1/apuracoes'] = () =>
      jsonResponse(200, [
        itemApuracao(),
        itemApuracao({ id_apuracao: 11, concurso: 5920, status: 'suspensa' }),
      ]);
    api.routes['GET /v1/apuracoes/12'] = () =>
      jsonResponse(200, apuracao({ aguardando_confirmacao: true, lancado_por: 'Ana Admin' }));
    api.routes['GET /v1/apuracoes/11'] = () =>
      jsonResponse(200, apuracao({ id_apuracao: 11, concurso: 5920, status: 'suspensa' }));
    open();
    const [agendada, suspensa] = await rows();
    expect(await within(agendada!).findByText('Aguardando confirmação')).toBeInTheDocument();
    expect(within(agendada!).getByText(/Resultado lançado por Ana Admin/)).toBeInTheDocument();
    expect(
      within(agendada!).getByRole('button', { name: 'Confirmar resultado do concurso 5930' }),
    ).toHaveTextContent('Confirmar resultado');
    expect(within(suspensa!).getByText('Suspensa')).toBeInTheDocument();
    expect(within(suspensa!).getByText(MSG_APURACAO.arquivoSuspenso)).toBeInTheDocument();
    expect(within(suspensa!).queryByRole('button', { name: /Lançar resultado/ })).not.toBeInTheDocument();
  });

  it("'Agendar apuração' checks the form with the contract, one description per prize, then posts it", async () => {
    const user = userEvent.setup();
    open();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Agendar apuração' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agendar apuração' });
    expect(within(dialog).getByRole('combobox', { name: 'Campanha' })).toHaveValue('2');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    const concurso = within(dialog).getByRole('textbox', { name: 'Concurso da Loteria Federal' });
    await waitFor(() => expect(concurso).toHaveAttribute('aria-invalid', 'true'));
    expect(concurso).toHaveAccessibleDescription(MSG_APURACAO.concursoInvalido);
    expect(within(dialog).getByRole('textbox', { name: '1º prêmio' })).toHaveAccessibleDescription(
      MSG_APURACAO.descricaoPremiosInvalida,
    );
    expect(api.calls('POST', '/v1/adm/apuracoes')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), '3');
    await user.type(concurso, '5940');
    await typeDate(user, within(dialog).getByRole('textbox', { name: 'Data do concurso' }), '2026-12-30');
    const qtd = within(dialog).getByRole('textbox', { name: 'Quantidade de prêmios' });
    expect(qtd).toHaveAttribute('inputmode', 'numeric');
    await user.clear(qtd);
    await user.type(qtd, '3');
    expect(within(dialog).getAllByRole('textbox', { name: /º prêmio$/ })).toHaveLength(3);
    await user.clear(qtd);
    await user.type(qtd, '2');
    const descricoes = within(dialog).getAllByRole('textbox', { name: /º prêmio$/ });
    expect(descricoes).toHaveLength(2);
    await user.type(descricoes[0]!, 'Bicicleta');
    await user.type(descricoes[1]!, 'Vale-compras de R$ 500');
    await user.type(within(dialog).getByRole('textbox', { name: /Autorização/ }), 'SECAP 123');
    await user.click(within(dialog).getByRole('switch', { name: 'Permitir mais de um prêmio por loja' }));
    await user.click(within(dialog).getByRole('switch', { name: /Apuração final/ }));

    // The contest's number is off the calendar: the dialog asks for the exception's reason.
    api.routes['POST /v1/adm/apuracoes'] = () => jsonResponse(400, { erro: MSG_APURACAO.concursoNaoConfere });
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    const excecao = await within(dialog).findByRole('textbox', { name: 'Motivo da exceção ao calendário' });
    expect(excecao).toHaveAttribute('aria-invalid', 'true');
    expect(excecao).toHaveAccessibleDescription(expect.stringContaining(MSG_APURACAO.concursoNaoConfere));
    expect(api.bodyOf('POST', '/v1/adm/apuracoes')).toEqual({
      id_campanha: 3,
      concurso: 5940,
      data_concurso: '2026-12-30',
      qtd_premios: 2,
      mloja: 'N',
      musuario: 'S',
      descricao_premios: ['Bicicleta', 'Vale-compras de R$ 500'],
      autorizacao: 'SECAP 123',
      final: true,
    });

    api.routes['POST /v1/adm/apuracoes'] = () => jsonResponse(201, agendamento({ contestacoes_abertas: 2 }));
    await user.type(excecao, 'Feriado: a Caixa adiou a extração');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests('POST', '/v1/adm/apuracoes').at(-1)?.body).toMatchObject({
      excecao_motivo: 'Feriado: a Caixa adiou a extração',
    });
    expect(toasted()).toEqual([
      'Apuração do concurso 5940 agendada: 1.500 bilhetes congelados e o hash publicado.',
    ]);
    // The scheduled campaign is the one listed now, with the complaints still open on it.
    expect(screen.getByRole('combobox', { name: 'Campanha' })).toHaveValue('3');
    expect(screen.getByRole('status')).toHaveTextContent('Há 2 contestações abertas nesta campanha');
    await waitFor(() => expect(api.calls('GET', '/v1/apuracoes').length).toBeGreaterThan(1));
  });

  it("'Agendar apuração' shows the API's 409 next to its button", async () => {
    api.routes['POST /v1/adm/apuracoes'] = () => jsonResponse(409, { erro: MSG_APURACAO.semAuditor });
    const user = userEvent.setup();
    open();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Agendar apuração' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agendar apuração' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Concurso da Loteria Federal' }), '5940');
    await typeDate(user, within(dialog).getByRole('textbox', { name: 'Data do concurso' }), '2026-12-30');
    await user.type(within(dialog).getByRole('textbox', { name: '1º prêmio' }), 'Bicicleta');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_APURACAO.semAuditor);
    expect(within(dialog).queryByRole('textbox', { name: /exceção/ })).not.toBeInTheDocument();
    expect(toasts).not.toHaveBeenCalled();
  });

  it("'Lançar resultado': five different prizes; the first entry waits (202), a second person's publishes (200)", async () => {
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
    expect(fields[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/v1/adm/apuracoes/12/resultado')).toHaveLength(0);

    await user.clear(fields[4]!);
    await user.type(fields[4]!, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG_APURACAO.premiosRepetidos),
    );
    expect(api.calls('POST', '/v1/adm/apuracoes/12/resultado')).toHaveLength(0);

    await user.clear(fields[4]!);
    await user.type(fields[4]!, '33333');
    api.routes['POST /v1/adm/apuracoes/12/resultado'] = () =>
      jsonResponse(409, { erro: MSG_APURACAO.antesDoConcurso });
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG_APURACAO.antesDoConcurso),
    );

    api.routes['POST /v1/adm/apuracoes/12/resultado'] = () => jsonResponse(202, pendente);
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    // The dialog now says the entry waits for a second person; nothing is published.
    const waiting = await screen.findByRole('dialog', { name: 'Lançar resultado do concurso 5930' });
    expect(
      await within(waiting).findByText('Resultado lançado; aguardando a confirmação de outra pessoa'),
    ).toBeInTheDocument();
    expect(within(waiting).queryByRole('table')).not.toBeInTheDocument();
    expect(api.requests('POST', '/v1/adm/apuracoes/12/resultado').at(-1)?.body).toEqual({
      premios: ['12345', '67890', '11111', '22222', '33333'],
    });
    await user.click(within(waiting).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The second person.
    api.routes['POST /v1/adm/apuracoes/12/resultado'] = () => jsonResponse(200, resultado);
    await user.click(within(agendada!).getByRole('button', { name: /resultado do concurso 5930/ }));
    const second = await screen.findByRole('dialog', { name: 'Lançar resultado do concurso 5930' });
    for (const [i, p] of ['12345', '67890', '11111', '22222', '33333'].entries())
      await user.type(within(second).getByRole('textbox', { name: `${i + 1}º prêmio` }), p);
    await user.click(within(second).getByRole('button', { name: 'Lançar resultado' }));
    expect(await screen.findByText(/Resultado confirmado e publicado/)).toBeInTheDocument();
    const done = screen.getByRole('dialog', { name: 'Lançar resultado do concurso 5930' });
    const winners = within(done).getAllByRole('row').slice(1);
    expect(winners.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      '000-00001',
      '000-00002',
    ]);
  });

  it("'Lançar resultado' shows the refusal of the same person confirming, inside the dialog", async () => {
    api.routes['POST /v1/adm/apuracoes/12/resultado'] = () =>
      jsonResponse(409, { erro: MSG_APURACAO.mesmaPessoa });
    const user = userEvent.setup();
    open();
    const [agendada] = await rows();
    await user.click(within(agendada!).getByRole('button', { name: 'Lançar resultado do concurso 5930' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lançar resultado do concurso 5930' });
    for (const [i, p] of ['12345', '67890', '11111', '22222', '33333'].entries())
      await user.type(within(dialog).getByRole('textbox', { name: `${i + 1}º prêmio` }), p);
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_APURACAO.mesmaPessoa);
  });

  it('enters the prizes of the contest that pending substitutes wait for', async () => {
    api.routes['GET /v1/apuracoes/11'] = () =>
      jsonResponse(
        200,
        apuracao({
          id_apuracao: 11,
          concurso: 5920,
          status: 'apurada',
          ganhadores: [
            ganhador(1, { anulado: true, tipo: 'nao_localizado', motivo_anulacao: 'Não foi localizado' }),
            ganhador(1, {
              suplente: true,
              pendente: true,
              serie_numero: '',
              concurso: 5935,
              data_concurso: '2027-01-09',
            }),
          ],
        }),
      );
    api.routes['POST /v1/adm/apuracoes/11/resultado'] = () =>
      jsonResponse(202, { ...pendente, id_apuracao: 11, concurso: 5935 });
    const user = userEvent.setup();
    open();
    const [, apurada] = await rows();
    expect(
      await within(apurada!).findByText('Suplentes aguardam o concurso nº 5935, de 09/01/2027.'),
    ).toBeInTheDocument();
    await user.click(
      within(apurada!).getByRole('button', { name: 'Lançar resultado dos suplentes: concurso 5935' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Lançar resultado do concurso 5935 (suplentes)',
    });
    for (const [i, p] of ['12345', '67890', '11111', '22222', '33333'].entries())
      await user.type(within(dialog).getByRole('textbox', { name: `${i + 1}º prêmio` }), p);
    await user.click(within(dialog).getByRole('button', { name: 'Lançar resultado' }));
    expect(await screen.findByText(/aguardando a confirmação de outra pessoa/)).toBeInTheDocument();
    expect(api.bodyOf('POST', '/v1/adm/apuracoes/11/resultado')).toEqual({
      premios: ['12345', '67890', '11111', '22222', '33333'],
      concurso: 5935,
    });
  });

  it("'Reagendar' requires a reason, then patches the contest, the day and the reason", async () => {
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
    await user.click(within(dialog).getByRole('button', { name: 'Reagendar' }));
    const motivo = within(dialog).getByRole('textbox', { name: 'Motivo do reagendamento' });
    await waitFor(() => expect(motivo).toHaveAttribute('aria-invalid', 'true'));
    expect(motivo).toHaveAccessibleDescription(expect.stringContaining(MSG_APURACAO.motivoReagendamento));
    expect(api.calls('PATCH', '/v1/adm/apuracoes/12')).toHaveLength(0);

    await user.type(motivo, 'Concurso adiado pela Caixa');
    await user.click(within(dialog).getByRole('button', { name: 'Reagendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodyOf('PATCH', '/v1/adm/apuracoes/12')).toEqual({
      concurso: 5931,
      data_concurso: '2026-12-26',
      motivo: 'Concurso adiado pela Caixa',
    });
    expect(toasted()).toEqual(['Apuração reagendada para o concurso 5931, de 26/12/2026.']);
  });

  it("'Reagendar' after the deadline shows the API's refusal inside the dialog", async () => {
    api.routes['PATCH /v1/adm/apuracoes/12'] = () =>
      jsonResponse(409, { erro: MSG_APURACAO.reagendamentoFechado });
    const user = userEvent.setup();
    open();
    const [agendada] = await rows();
    await user.click(within(agendada!).getByRole('button', { name: 'Reagendar o concurso 5930' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reagendar a apuração do concurso 5930' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo do reagendamento' }),
      'Concurso adiado pela Caixa',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reagendar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_APURACAO.reagendamentoFechado);
  });

  it("'Concurso não realizado' posts the reason; the server picks the next contest", async () => {
    api.routes['POST /v1/adm/apuracoes/12/concurso-nao-realizado'] = () =>
      jsonResponse(200, apuracao({ concurso: 5931, data_concurso: '2026-12-26' }));
    const user = userEvent.setup();
    open();
    const [agendada] = await rows();
    await user.click(
      within(agendada!).getByRole('button', { name: 'Concurso não realizado: concurso 5930' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Concurso 5930 não realizado' });
    const motivo = within(dialog).getByRole('textbox', { name: 'Motivo' });
    await user.type(motivo, 'curto');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(motivo).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('POST', '/v1/adm/apuracoes/12/concurso-nao-realizado')).toHaveLength(0);
    await user.type(motivo, ': a Caixa suspendeu a extração');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodyOf('POST', '/v1/adm/apuracoes/12/concurso-nao-realizado')).toEqual({
      motivo: 'curto: a Caixa suspendeu a extração',
    });
    expect(toasted()).toEqual([
      'O concurso 5930 não foi realizado: a apuração passou para o concurso 5931, de 26/12/2026.',
    ]);
  });

  it("'Registrar publicação' posts the outlet, the day and the address", async () => {
    api.routes['POST /v1/adm/apuracoes/12/publicacoes'] = () => jsonResponse(201, apuracao());
    const user = userEvent.setup();
    open();
    const [agendada] = await rows();
    await user.click(
      within(agendada!).getByRole('button', { name: 'Registrar publicação do edital do concurso 5930' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Registrar publicação do edital do concurso 5930',
    });
    await user.type(within(dialog).getByRole('textbox', { name: /Endereço/ }), 'dom.example');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    const veiculo = within(dialog).getByRole('textbox', { name: /Veículo/ });
    await waitFor(() => expect(veiculo).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByRole('textbox', { name: /Endereço/ })).toHaveAccessibleDescription(
      MSG_APURACAO.urlInvalida,
    );
    await user.type(veiculo, 'Diário Oficial do Município');
    await typeDate(user, within(dialog).getByRole('textbox', { name: 'Data da publicação' }), '2026-12-21');
    const url = within(dialog).getByRole('textbox', { name: /Endereço/ });
    await user.clear(url);
    await user.type(url, 'https://dom.example/2026-12-21');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodyOf('POST', '/v1/adm/apuracoes/12/publicacoes')).toEqual({
      veiculo: 'Diário Oficial do Município',
      data_publicacao: '2026-12-21',
      url: 'https://dom.example/2026-12-21',
    });
    expect(toasted()).toEqual(['Publicação do edital do concurso 5930 registrada.']);
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
