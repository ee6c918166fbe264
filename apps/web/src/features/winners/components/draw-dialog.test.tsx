import {
  MSG_SORTEIO,
  type CampanhaAdmin,
  type RegistroSorteio,
  type ResultadoSorteio,
} from '@praca/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { HASH_NOTE } from './draw-dialog';
import { WinnerScreen } from '@/features/winners/components/winner-screen';
import { testSession } from '@/test/sessions';
import { findFieldRefusal } from '@/test/form';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

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

const resultado = (extra: Partial<ResultadoSorteio> = {}): ResultadoSorteio => ({
  idsorteado: 31,
  id_sorteio: 104322,
  codigo: '001-04321',
  id_usuario: 11,
  id_estabelecimento: 5,
  nom_estabecimento: 'Padaria Bella Vista',
  nom_usuario: 'Mariana Lopes',
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  data_sorteio: '2026-12-24',
  id_registro: 77,
  semente: null,
  id_abertura: null,
  hash_semente: null,
  hash_lista: null,
  qtd_elegiveis: 1500,
  posicao: 812,
  ...extra,
});

/** The opening the dialog makes when a campaign is chosen (issue 49): a public seed hash. */
const HASH_SEMENTE = 'cd'.repeat(32);
const SEMENTE = 'ef'.repeat(32);
let aberturas = 0;
const abertura = () => ({
  id_abertura: 9 + aberturas++,
  id_campanha: 2,
  hash_semente: HASH_SEMENTE,
  aberto_em: '2026-12-24T14:59:00.000Z',
});

const registro: RegistroSorteio = {
  id_registro: 77,
  id_campanha: 2,
  den_campanha: 'Natal Premiado',
  cod_cidade: 3548500,
  realizado_em: '2026-12-24T15:00:00.000Z',
  mloja: 'N',
  musuario: 'S',
  semente: SEMENTE,
  id_abertura: 9,
  hash_semente: HASH_SEMENTE,
  hash_lista: 'ab'.repeat(32),
  qtd_elegiveis: 1500,
  posicao: 812,
  codigo: '001-04321',
  participante: 'M***** L****',
  nom_estabelecimento: 'Padaria Bella Vista',
  bilhetes: '/v1/sorteios/77/bilhetes.csv',
  anulado: false,
  anulado_em: null,
  motivo_anulacao: null,
};

let routes: Routes;
let api: MockApi;
const calls = (method: string, path: string) => api.calls(method, path);
const drawCalls = () => calls('GET', '/v1/adm/sorteio/2');
const drawQuery = () => Object.fromEntries(new URL(String(drawCalls()[0]?.[0]), 'http://x').searchParams);

beforeEach(() => {
  aberturas = 0;
  routes = {
    'POST /v1/adm/sorteio/2/abertura': () => jsonResponse(201, abertura()),
    'GET /v1/adm/contemplados': () => jsonResponse(200, []),
    'GET /v1/adm/campanhas': () =>
      jsonResponse(200, [campanha(2, 'Natal Premiado'), campanha(1, 'Páscoa Feliz')]),
    'GET /v1/adm/sorteio/2': () => jsonResponse(200, resultado()),
    // Campaign 2 has issued 001-04318 to 001-04325 (stored numbers 104319 to 104326).
    'GET /v1/adm/sorteio/2/faixa': () =>
      jsonResponse(200, { id_campanha: 2, qtd_cupons: 8, primeiro: '001-04318', ultimo: '001-04325' }),
    'GET /v1/sorteios/77': () => jsonResponse(200, registro),
  };
  api = mockApi(routes);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  setSession(admin);
});

const realMatchMedia = window.matchMedia;
/** The setup asks for reduced motion; the rolling display needs motion allowed. */
function allowMotion() {
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    matches: query.includes('prefers-reduced-motion') ? false : realMatchMedia(query).matches,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  vi.useRealTimers();
  window.matchMedia = realMatchMedia;
});

async function openDraw(user: ReturnType<typeof userEvent.setup>) {
  renderWithApp(<WinnerScreen />, { path: '/admin/contemplado' });
  await user.click(await screen.findByRole('button', { name: 'Sorteio' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sorteio' });
  await within(dialog).findByRole('option', { name: 'Natal Premiado' });
  return dialog;
}

/** The number display: the live region that reads SORTEANDO. */
const display = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('status')
    .find(
      (el) => el.getAttribute('aria-live') === 'polite' && el.textContent?.match(/SORTEANDO|\d{3}-\d{5}/),
    )!;

describe('Draw dialog', { timeout: 30_000 }, () => {
  it("offers the city's campaigns after 'Selecione uma campanha', both options unticked, no seed of the admin's", async () => {
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    const select = within(dialog).getByRole('combobox', { name: 'Campanha' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecione uma campanha', 'Natal Premiado', 'Páscoa Feliz']);
    expect(select).toHaveValue('');
    expect(
      new URL(String(calls('GET', '/v1/adm/campanhas')[0]?.[0]), 'http://x').searchParams.get('cod_cidade'),
    ).toBe('3548500');
    expect(display(dialog)).toHaveTextContent(/^SORTEANDO$/);
    expect(within(dialog).getByRole('checkbox', { name: 'Duplica Loja' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Repete Usuario' })).not.toBeChecked();
    // The admin never picks the seed (issue 49): the server makes it when the draw opens.
    expect(within(dialog).queryByRole('textbox', { name: /Semente/ })).not.toBeInTheDocument();
    expect(calls('POST', '/v1/adm/sorteio/2/abertura')).toHaveLength(0);
  });

  it('choosing a campaign opens its draw and shows the seed hash, published before the draw', async () => {
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    expect(await within(dialog).findByText(HASH_SEMENTE)).toBeInTheDocument();
    expect(within(dialog).getByText(/Hash da semente:/)).toBeInTheDocument();
    expect(within(dialog).getByText(HASH_NOTE)).toBeInTheDocument();
    expect(calls('POST', '/v1/adm/sorteio/2/abertura')).toHaveLength(1);
    expect(drawCalls()).toHaveLength(0);
  });

  it("Sortear without a campaign shows 'Selecione uma campanha' under Campanha, focused, and asks nothing", async () => {
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    // The campaign field is marked, says why under it and takes the focus (issue 51).
    const campanha = await findFieldRefusal(dialog, MSG_SORTEIO.selecioneCampanha);
    expect(campanha).toBe(within(dialog).getByRole('combobox', { name: 'Campanha' }));
    await waitFor(() => expect(campanha).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(display(dialog)).toHaveTextContent(/^SORTEANDO$/);
    expect(api.fetchMock.mock.calls.some(([u]) => String(u).includes('/sorteio'))).toBe(false);
  });

  it('shows SORTEANDO for exactly the 2 s when the server is faster, then Cupom, Nome, Estabelecimento, Campanha', async () => {
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Repete Usuario' }));
    await within(dialog).findByText(HASH_SEMENTE);

    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    // The server answered at once; the show goes on.
    expect(drawCalls()).toHaveLength(1);
    expect(drawQuery()).toEqual({ cod_cidade: '3548500', mloja: 'N', musuario: 'S', abertura: '9' });
    expect(display(dialog)).toHaveTextContent('SORTEANDO…');
    expect(within(dialog).getByRole('combobox', { name: 'Campanha' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1989));
    expect(display(dialog)).toHaveTextContent('SORTEANDO…');
    expect(within(dialog).queryByRole('textbox', { name: 'Cupom' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();

    expect(display(dialog)).toHaveTextContent('001-04321');
    // One public identity: the série-número, never an internal number.
    expect(within(dialog).getByRole('textbox', { name: 'Cupom' })).toHaveValue('001-04321');
    expect(dialog.textContent).not.toMatch(/nº|104\.?322/);
    expect(
      Array.from(dialog.querySelectorAll('input'))
        .map((i) => i.value)
        .join(' '),
    ).not.toMatch(/nº|104\.?322/);
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toHaveValue('Mariana Lopes');
    expect(within(dialog).getByRole('textbox', { name: 'Estabelecimento' })).toHaveValue(
      'Padaria Bella Vista',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Campanha' })).toHaveValue('Natal Premiado');
    for (const name of ['Cupom', 'Nome', 'Estabelecimento', 'Campanha']) {
      expect(within(dialog).getByRole('textbox', { name })).toHaveAttribute('readonly');
    }
    expect(within(dialog).getByText('Sorteado entre 1.500 cupons elegíveis.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Registro público do sorteio/ })).toHaveAttribute(
      'href',
      '/sorteios/instantaneo/77',
    );
    // Without a seed there is no ticket file to ask for.
    expect(calls('GET', '/v1/sorteios/77')).toHaveLength(0);
    // The winners list refreshes, and another draw may follow.
    await waitFor(() => expect(calls('GET', '/v1/adm/contemplados').length).toBeGreaterThan(1));
    expect(within(dialog).getByRole('button', { name: 'Sortear novamente' })).toBeEnabled();
  });

  it("rolls only codes of the chosen campaign's issued range while drawing", async () => {
    allowMotion();
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    expect(calls('GET', '/v1/adm/sorteio/2/faixa')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    await waitFor(() => expect(calls('GET', '/v1/adm/sorteio/2/faixa')).toHaveLength(1));
    // Nothing rolls before the draw.
    const rolling = () => display(dialog).parentElement?.querySelector(':scope > [aria-hidden="true"]');
    expect(rolling()?.textContent?.trim()).toBe('');

    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    const seen = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(70));
      seen.add(rolling()?.textContent ?? '');
    }
    await act(() => vi.advanceTimersByTimeAsync(300)); // past the 2 s show
    vi.useRealTimers();
    const issued = Array.from({ length: 8 }, (_, i) => `001-0${4318 + i}`); // 001-04318 … 001-04325
    for (const code of seen) expect(issued).toContain(code);
    expect(seen.size).toBeGreaterThan(1);
    await waitFor(() => expect(display(dialog)).toHaveTextContent('001-04321'), { timeout: 5000 });
  });

  it('a slow server: the result shows when it answers, after the 2 s', async () => {
    let answer: (r: Response) => void = () => undefined;
    routes['GET /v1/adm/sorteio/2'] = () => new Promise<Response>((resolve) => (answer = resolve));
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(display(dialog)).toHaveTextContent('SORTEANDO…');
    await act(async () => {
      answer(jsonResponse(200, resultado()));
      await vi.advanceTimersByTimeAsync(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(display(dialog)).toHaveTextContent('001-04321'));
  });

  it('draws with the opening and both options, reveals the seed, and shows hash, position and the ticket file; again opens a new one', async () => {
    routes['GET /v1/adm/sorteio/2'] = () =>
      jsonResponse(
        200,
        resultado({
          semente: SEMENTE,
          id_abertura: 9,
          hash_semente: HASH_SEMENTE,
          hash_lista: registro.hash_lista,
          posicao: 812,
          qtd_elegiveis: 1500,
        }),
      );
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Duplica Loja' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Repete Usuario' }));
    await within(dialog).findByText(HASH_SEMENTE);
    await user.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Cupom' }, { timeout: 5000 })).toHaveValue(
      '001-04321',
    );
    expect(drawQuery()).toEqual({ cod_cidade: '3548500', mloja: 'S', musuario: 'S', abertura: '9' });
    const seed = within(dialog).getByRole('textbox', { name: 'Semente revelada' });
    expect(seed).toHaveValue(SEMENTE);
    expect(seed).toHaveAccessibleDescription(`SHA-256: ${HASH_SEMENTE} (publicado antes do sorteio)`);
    expect(within(dialog).getByRole('textbox', { name: /Hash da lista/ })).toHaveValue(registro.hash_lista);
    expect(within(dialog).getByRole('textbox', { name: /Posição sorteada/ })).toHaveValue('812 de 1.500');
    expect(await within(dialog).findByRole('link', { name: 'Baixar arquivo de bilhetes' })).toHaveAttribute(
      'href',
      '/v1/sorteios/77/bilhetes.csv',
    );
    // One opening, one draw: drawing again opens another first.
    await user.click(within(dialog).getByRole('button', { name: 'Sortear novamente' }));
    await waitFor(() => expect(drawCalls()).toHaveLength(2), { timeout: 5000 });
    expect(calls('POST', '/v1/adm/sorteio/2/abertura')).toHaveLength(2);
    expect(new URL(String(drawCalls()[1]?.[0]), 'http://x').searchParams.get('abertura')).toBe('10');
    await within(dialog).findByRole('button', { name: 'Sortear novamente' }, { timeout: 5000 });
  });

  it("an error answer goes back to SORTEANDO and shows the server's erro", async () => {
    routes['GET /v1/adm/sorteio/2'] = () => jsonResponse(400, { erro: MSG_SORTEIO.semCuponsElegiveis });
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    await user.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG_SORTEIO.semCuponsElegiveis);
    expect(display(dialog)).toHaveTextContent(/^SORTEANDO$/);
    expect(within(dialog).queryByRole('textbox', { name: 'Cupom' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sortear' })).toBeEnabled();
  });

  it.each([
    ['a 500 without erro', () => jsonResponse(500, {})],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['an answer that is not a result', () => jsonResponse(200, { ok: true })],
  ])("%s shows 'Erro ao sortear'", async (_name, handler) => {
    routes['GET /v1/adm/sorteio/2'] = handler;
    const user = userEvent.setup();
    const dialog = await openDraw(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campanha' }), 'Natal Premiado');
    await user.click(within(dialog).getByRole('button', { name: 'Sortear' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      MSG_SORTEIO.erroAoSortear,
    );
    expect(display(dialog)).toHaveTextContent(/^SORTEANDO$/);
  });
});
