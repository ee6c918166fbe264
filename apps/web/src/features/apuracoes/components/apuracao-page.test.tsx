import { MSG_APURACAO, REGRA_APURACAO_V1, REGRA_APURACAO_V2 } from '@praca/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, type MockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { apuracao, ganhador, HASH } from './apuracao-fixtures';
import { ApuracaoPage } from './apuracao-page';
import { PYTHON_CONFERENCIA } from './python-snippet';

let api: MockApi;

beforeEach(() => {
  api = mockApi({ 'GET /v1/apuracoes/12': () => jsonResponse(200, apuracao()) });
});

const open = () => renderWithApp(<ApuracaoPage idApuracao={12} />, { extraRoutes: ['/sorteios'] });

const apurada = () =>
  apuracao({
    status: 'apurada',
    apurada_em: '2026-12-23T22:00:00.000Z',
    premios: ['12345', '67890', '11111', '22222', '33333'],
    serie_inicial: '000',
    numero_inicial: '50123',
    reagendamentos: [
      {
        em: '2026-12-21T12:00:00.000Z',
        concurso_anterior: 5929,
        data_anterior: '2026-12-20',
        concurso: 5930,
        data_concurso: '2026-12-23',
        motivo: 'Concurso adiado pela Caixa',
        tipo: 'reagendamento',
      },
    ],
    ganhadores: [
      ganhador(1),
      ganhador(2, {
        anulado: true,
        motivo_anulacao: 'Participante não foi localizado',
        tipo: 'nao_localizado',
      }),
      ganhador(3, { prescrito: true }),
      ganhador(2, {
        suplente: true,
        serie_numero: '001-00777',
        participante: 'Associação Amigos do Bairro',
        concurso: 5935,
        data_concurso: '2027-01-09',
        premios_concurso: ['54321', '09876', '11223', '44556', '77889'],
        prazo_reclamacao: '2027-07-08',
      }),
      ganhador(2, {
        suplente: true,
        serie_numero: '',
        participante: '',
        nom_estabelecimento: '',
        anulado: true,
        tipo: 'venda_anulada',
        motivo_anulacao: 'A venda foi estornada pela loja',
      }),
      ganhador(2, {
        suplente: true,
        pendente: true,
        serie_numero: '',
        participante: '',
        nom_estabelecimento: '',
        concurso: 5940,
        data_concurso: '2027-01-20',
        prazo_reclamacao: null,
      }),
    ],
    ata: '/v1/apuracoes/12/ata.pdf',
    resultado_oficial: 'https://loterias.caixa.gov.br/Paginas/Federal.aspx',
    lancado_por: 'Ana Admin',
    confirmado_por: 'Bruno Super',
    publicacoes: [
      {
        veiculo: 'Diário Oficial do Município',
        data_publicacao: '2026-12-21',
        url: 'https://dom.example.gov.br/2026-12-21',
        em: '2026-12-21T12:00:00.000Z',
        posterior_ao_concurso: false,
      },
      {
        veiculo: 'Jornal da Cidade',
        data_publicacao: '2026-12-24',
        url: null,
        em: '2026-12-24T12:00:00.000Z',
        posterior_ao_concurso: true,
      },
    ],
  });

describe('the public page of an apuração (issues 36, 49)', () => {
  it('shows what was frozen before the contest: hash, count, the file, the rule and how to verify', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Apuração do concurso 5930' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Agendada')).toBeInTheDocument();
    const dados = screen.getByRole('heading', { name: 'Dados da apuração' }).closest('section')!;
    for (const text of ['Natal Premiado', 'nº 5930', '23/12/2026', '1.500', '20/12/2026 10:30'])
      expect(within(dados).getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('Hash do arquivo de bilhetes (SHA-256)')).toHaveTextContent(HASH);
    expect(screen.getByRole('button', { name: 'Copiar hash' })).toBeInTheDocument();
    const csv = screen.getByRole('link', { name: 'Baixar arquivo de bilhetes (CSV)' });
    expect(csv).toHaveAttribute('href', '/v1/apuracoes/12/bilhetes.csv');
    expect(csv).toHaveAttribute('download', 'apuracao-12-bilhetes.csv');
    const regra = screen
      .getByRole('heading', { name: 'Como os ganhadores são apurados' })
      .closest('section')!;
    expect(within(regra).getByText('Regra versão 2')).toBeInTheDocument();
    expect(within(regra).getAllByRole('listitem')).toHaveLength(REGRA_APURACAO_V2.length);
    for (const text of ['23/12/2026 19:00', 'SECAP/SPA 01.000123/2026'])
      expect(within(dados).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edital (PDF)' })).toHaveAttribute(
      'href',
      '/v1/apuracoes/12/edital.pdf',
    );
    expect(screen.queryByRole('link', { name: 'Ata (PDF)' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Prêmios da apuração' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1º prêmio: Bicicleta', '2º prêmio: Vale-compras de R$ 500', '3º prêmio: Cesta de Natal']);
    expect(screen.getByText('Nenhuma publicação registrada ainda.')).toBeInTheDocument();
    expect(screen.getByTestId('python-snippet').textContent?.trim()).toBe(PYTHON_CONFERENCIA.trim());
    expect(screen.getByText(/O resultado sai depois do concurso 5930/)).toBeInTheDocument();
    expect(screen.getByTestId('verify-command')).toHaveTextContent(
      'npm run verify-draw -- --bilhetes apuracao-12-bilhetes.csv --premios NNNNN,NNNNN,NNNNN,NNNNN,NNNNN --qtd 3 --mloja N --musuario S',
    );
    expect(screen.getByText(/O passo a passo completo está no guia docs\/apuracao\.md/)).toBeInTheDocument();
    expect(api.calls('GET', '/v1/apuracoes/12')).toHaveLength(1);
  });

  it('once apurada shows the five prizes, the winners with annulled and prescribed marks, and the rescheduling', async () => {
    api.routes['GET /v1/apuracoes/12'] = () => jsonResponse(200, apurada());
    open();
    expect(await screen.findByText('Apurada')).toBeInTheDocument();
    const premios = screen.getByRole('list', { name: 'Prêmios da Loteria Federal' });
    expect(
      within(premios)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1º prêmio: 12345',
      '2º prêmio: 67890',
      '3º prêmio: 11111',
      '4º prêmio: 22222',
      '5º prêmio: 33333',
    ]);
    expect(screen.getByText('000-50123')).toBeInTheDocument();
    expect(
      screen.getByText(/resultado lançado por Ana Admin e confirmado por Bruno Super/),
    ).toBeInTheDocument();
    expect(screen.getByText('Prazo para reclamar o prêmio: 21/06/2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ata (PDF)' })).toHaveAttribute(
      'href',
      '/v1/apuracoes/12/ata.pdf',
    );
    expect(screen.getByRole('link', { name: 'Resultado oficial da Caixa' })).toHaveAttribute(
      'href',
      'https://loterias.caixa.gov.br/Paginas/Federal.aspx',
    );
    const table = screen.getByRole('table', { name: 'Ganhadores' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('000-00001')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('M***** L**** 1 · Padaria Bella Vista')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Anulado')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByText('Não localizado. Motivo: Participante não foi localizado'),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByText('000-00002')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(rows[2]!).getByText('Prescrito')).toBeInTheDocument();
    const suplentes = within(screen.getByRole('list', { name: 'Suplentes' })).getAllByRole('listitem');
    expect(suplentes).toHaveLength(3);
    expect(suplentes[0]).toHaveTextContent('Suplente do 2º prêmio (Vale-compras de R$ 500)');
    expect(suplentes[0]).toHaveTextContent('001-00777 · Associação Amigos do Bairro · Padaria Bella Vista');
    expect(suplentes[0]).toHaveTextContent(
      'No lugar de 000-00002, anulado (Não localizado). Motivo: Participante não foi localizado',
    );
    expect(suplentes[0]).toHaveTextContent('Prazo para reclamar o prêmio: 08/07/2027');
    expect(suplentes[1]).toHaveTextContent('Anulado');
    expect(suplentes[1]).toHaveTextContent('Venda anulada. Motivo: A venda foi estornada pela loja');
    expect(suplentes[2]).toHaveTextContent('Aguardando o concurso nº 5940 de 20/01/2027');
    expect(suplentes[2]).toHaveTextContent(
      'anulado (Venda anulada). Motivo: A venda foi estornada pela loja',
    );
    const publicacoes = within(screen.getByRole('list', { name: 'Publicações do edital' })).getAllByRole(
      'listitem',
    );
    expect(publicacoes.map((li) => li.textContent)).toEqual([
      'Diário Oficial do Município, em 21/12/2026',
      'Jornal da Cidade, em 24/12/2026 (posterior ao concurso)',
    ]);
    expect(
      within(publicacoes[0]!).getByRole('link', { name: 'Diário Oficial do Município' }),
    ).toHaveAttribute('href', 'https://dom.example.gov.br/2026-12-21');
    expect(screen.getByText(/do concurso 5929 \(20\/12\/2026\) para o concurso 5930/)).toHaveTextContent(
      'Motivo: Concurso adiado pela Caixa',
    );
    expect(screen.getByTestId('verify-command')).toHaveTextContent(
      '--premios 12345,67890,11111,22222,33333 --qtd 3',
    );
  });

  it("'Confira um número' tells whether a number is in the file and whether it won", async () => {
    api.routes['GET /v1/apuracoes/12'] = () => jsonResponse(200, apurada());
    api.routes['GET /v1/apuracoes/12/bilhetes/000-00001'] = () =>
      jsonResponse(200, { serie_numero: '000-00001', no_arquivo: true, ganhador: true, premio: 1 });
    api.routes['GET /v1/apuracoes/12/bilhetes/000-00099'] = () =>
      jsonResponse(200, { serie_numero: '000-00099', no_arquivo: true, ganhador: false, premio: null });
    api.routes['GET /v1/apuracoes/12/bilhetes/999-99999'] = () =>
      jsonResponse(200, { serie_numero: '999-99999', no_arquivo: false, ganhador: false, premio: null });
    api.routes['GET /v1/apuracoes/12/bilhetes/abc'] = () =>
      jsonResponse(400, { erro: MSG_APURACAO.bilheteInvalido });
    const user = userEvent.setup();
    open();
    const field = await screen.findByRole('textbox', { name: /Número \(série-número\)/ });
    const conferir = screen.getByRole('button', { name: 'Conferir' });

    await user.type(field, '00000001');
    await user.click(conferir);
    expect(
      await screen.findByText('O número 000-00001 está no arquivo e ganhou o 1º prêmio.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '000-00099{Enter}');
    expect(
      await screen.findByText('O número 000-00099 está no arquivo desta apuração, mas não foi sorteado.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '999-99999{Enter}');
    expect(
      await screen.findByText('O número 999-99999 não está no arquivo desta apuração.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'abc{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_APURACAO.bilheteInvalido);
  });

  it('shows an older rule version, the calendar exception, a suspended file and no Python for version 1', async () => {
    api.routes['GET /v1/apuracoes/12'] = () =>
      jsonResponse(
        200,
        apuracao({
          status: 'suspensa',
          versao_regra: 1,
          regra: [...REGRA_APURACAO_V1],
          excecao_motivo: 'Feriado: a Caixa adiou a extração para o dia seguinte',
          reagendamentos: [
            {
              em: '2026-12-21T12:00:00.000Z',
              concurso_anterior: 5929,
              data_anterior: '2026-12-20',
              concurso: 5930,
              data_concurso: '2026-12-23',
              motivo: 'A Caixa não realizou o concurso',
              tipo: 'concurso_nao_realizado',
            },
          ],
        }),
      );
    open();
    expect(await screen.findByText('Suspensa')).toBeInTheDocument();
    expect(screen.getByText(MSG_APURACAO.arquivoSuspenso)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar arquivo de bilhetes (CSV)' })).not.toBeInTheDocument();
    expect(screen.getByText(/Regra versão 1, anterior à versão 2/)).toBeInTheDocument();
    expect(screen.getByText(/Feriado: a Caixa adiou a extração/)).toHaveTextContent(
      'Exceção ao calendário da Loteria Federal:',
    );
    expect(screen.getByText(/concurso não realizado; do concurso 5929/)).toBeInTheDocument();
    expect(screen.queryByTestId('python-snippet')).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry and a way back to the list', async () => {
    api.routes['GET /v1/apuracoes/12'] = () =>
      jsonResponse(404, { erro: MSG_APURACAO.apuracaoNaoEncontrada });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_APURACAO.apuracaoNaoEncontrada);
    expect(screen.getByRole('link', { name: 'Ver todos os sorteios' })).toHaveAttribute('href', '/sorteios');
  });
});
