import { MSG_ADMIN, type AuditoriaItem } from '@praca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAdminCity } from '@/lib/admin-city';
import { setSession } from '@/lib/session';
import { jsonResponse, mockApi, type MockApi, type Routes } from '@/test/mock-api';
import { typeDate } from '@/test/dates';
import { renderWithApp } from '@/test/render';
import { testSession } from '@/test/sessions';
import { AuditScreen, NO_AUDIT, NO_AUDIT_FILTERED } from './audit-screen';
import {
  ACOES_AUDITADAS,
  ENTIDADES_AUDITADAS,
  LISTAS_EXPORTADAS,
  ROTULO_ACAO_AUDITADA,
} from '@praca/contract';
import { actionLabel, changesOf, entityLabel, listLabel, recordLabel } from './audit-values';

const admin = testSession({ nome: 'Ana Admin', email: 'admin@praca.demo', admin: true });

const entry = (id: number, extra: Partial<AuditoriaItem> = {}): AuditoriaItem => ({
  id,
  // 13:05 UTC is 10:05 in São Paulo.
  criado_em: '2026-03-10T13:05:00.000Z',
  id_usuario: 7,
  nome_usuario: 'Márcia Gestora',
  email_usuario: 'marcia@prefeitura.example',
  acao: 'alterar',
  entidade: 'aviso',
  id_entidade: '42',
  antes: { title: 'Feira de sábado', body: 'No centro', validade: '2026-05-31' },
  depois: { title: 'Feira de domingo', body: 'No centro', validade: '2026-05-31' },
  ip: '10.0.0.1',
  ...extra,
});

let routes: Routes;
let api: MockApi;
/** The query of every list request, in order. */
const listQueries = () =>
  api.requests('GET', '/v1/adm/auditoria').map((r) => Object.fromEntries(r.url.searchParams));

beforeEach(() => {
  routes = {
    'GET /v1/adm/auditoria': () =>
      jsonResponse(
        200,
        [
          entry(2),
          entry(1, {
            criado_em: '2026-03-09T02:30:00.000Z',
            nome_usuario: 'Otávio Lojista',
            email_usuario: 'otavio@loja.example',
            acao: 'redefinir_senha',
            entidade: 'push_assinatura',
            id_entidade: '9',
            antes: null,
            depois: { endpoint: 'https://push.example/1' },
          }),
        ],
        { 'X-Total-Count': '41' },
      ),
  };
  api = mockApi(routes);
  setSession(admin);
});

describe('AuditScreen', () => {
  it('lists who did what, when (São Paulo clock) and to which record, with the total and pages', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DataUsuárioAçãoEntidadeRegistro');
    expect(rows[1]).toHaveTextContent(
      '10/03/2026 10:05Márcia Gestoramarcia@prefeitura.exampleAlterarAviso42Detalhes',
    );
    // 02:30 UTC on the 9th is still the 8th in São Paulo.
    expect(rows[2]).toHaveTextContent(
      '08/03/2026 23:30Otávio Lojistaotavio@loja.exampleRedefinir senhaAssinatura de push9',
    );
    expect(screen.getByText('41 registros')).toBeInTheDocument();
    expect(listQueries()[0]).toEqual({ cod_cidade: '3548500', pagina: '1', limite: '20' });

    const pager = screen.getByRole('navigation', { name: 'Páginas de registros de auditoria' });
    await user.click(within(pager).getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(listQueries().some((q) => q.pagina === '3')).toBe(true));
  });

  it('says there are more than the counted entries when the server stopped counting', async () => {
    routes['GET /v1/adm/auditoria'] = () =>
      jsonResponse(200, [entry(2)], { 'X-Total-Count': '10000', 'X-Total-Count-Exact': 'false' });
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    expect(
      await screen.findByText('Mais de 10.000 registros: use os filtros para chegar aos mais antigos'),
    ).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas de registros de auditoria' });
    expect(pager).toHaveTextContent('Página 1 de 500');
  });

  it('filters by author text (after a pause), entity and days, each from page 1', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    await screen.findByRole('table');
    const pager = screen.getByRole('navigation', { name: 'Páginas de registros de auditoria' });
    await user.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(listQueries().at(-1)?.pagina).toBe('2'));

    const entidades = screen.getByRole('combobox', { name: /Entidade/ });
    expect(
      within(entidades)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Todas',
      'Venda',
      'Campanha',
      'Estabelecimento',
      'Vendedor',
      'Avaliação',
      'Sorteio',
      'Abertura de sorteio',
      'Contemplado',
      'Apuração',
      'Aviso',
      'Promoção',
      'Turismo',
      'Notificação',
      'Usuário',
      'Assinatura de push',
      'Contestação',
      'Exportação',
      'Entidade social',
      'Doação de cupons',
      'Entidade escolhida',
      'Cidade',
      'Webhook',
      'Chave de API',
      'Comprovação de CPF',
      'Nota fiscal (NFC-e)',
    ]);
    await user.selectOptions(entidades, 'Avaliação');
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ entidade: 'avaliacao', pagina: '1' }));

    const before = listQueries().length;
    await user.type(screen.getByRole('searchbox', { name: /Usuário/ }), 'márcia');
    // One request for the whole word, not one per letter.
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ q: 'márcia', entidade: 'avaliacao' }));
    expect(listQueries().length - before).toBe(1);

    await typeDate(user, screen.getByRole('textbox', { name: /^De/ }), '2026-03-01');
    await typeDate(user, screen.getByRole('textbox', { name: /^Até/ }), '2026-03-10');
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        cod_cidade: '3548500',
        q: 'márcia',
        entidade: 'avaliacao',
        de: '2026-03-01',
        ate: '2026-03-10',
        pagina: '1',
        limite: '20',
      }),
    );
  });

  it("refuses 'De' after 'Até' with the message and asks nothing until it is fixed", async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    await screen.findByRole('table');
    const count = listQueries().length;
    await typeDate(user, screen.getByRole('textbox', { name: /^De/ }), '2026-03-10');
    await typeDate(user, screen.getByRole('textbox', { name: /^Até/ }), '2026-03-01');
    expect(await screen.findByText(MSG_ADMIN.datasInvertidas)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Até/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Corrija as datas para ver os registros.')).toBeInTheDocument();
    // The De change alone was a valid filter; the inverted pair is never sent.
    expect(
      listQueries()
        .slice(count)
        .every((q) => !(q.de === '2026-03-10' && q.ate === '2026-03-01')),
    ).toBe(true);

    await typeDate(user, screen.getByRole('textbox', { name: /^Até/ }), '2026-03-10');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(MSG_ADMIN.datasInvertidas)).not.toBeInTheDocument();
    expect(listQueries().at(-1)).toMatchObject({ de: '2026-03-10', ate: '2026-03-10' });
  });

  it('filters only by whole, real days typed as dd/mm/aaaa, and says when one does not exist', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    await screen.findByRole('table');
    const de = screen.getByRole('textbox', { name: /^De/ });
    await user.type(de, '0103');
    expect(de).toHaveValue('01/03');
    await user.type(de, '20');
    expect(listQueries().every((q) => q.de === undefined)).toBe(true);
    await user.clear(de);
    await user.type(de, '31022026');
    expect(de).toHaveValue('31/02/2026');
    expect(await screen.findByText('Data inválida: use dd/mm/aaaa')).toBeInTheDocument();
    expect(de).toHaveAttribute('aria-invalid', 'true');
    expect(listQueries().every((q) => q.de === undefined)).toBe(true);
    await typeDate(user, de, '2026-02-28');
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ de: '2026-02-28' }));
  });

  it('shows the values before and after from the keyboard, changed fields first, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    const button = await screen.findByRole('button', {
      name: 'Detalhes: Alterar Aviso 42 por Márcia Gestora',
    });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Registro de auditoria 2' });
    expect(within(dialog).getByText('10/03/2026 10:05')).toBeInTheDocument();
    expect(within(dialog).getByText('marcia@prefeitura.example')).toBeInTheDocument();
    expect(within(dialog).getByText('10.0.0.1')).toBeInTheDocument();
    expect(within(dialog).getByText('1 campo alterado, destacado no topo.')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('CampoAntesDepois');
    expect(rows[1]).toHaveTextContent('titlealteradoFeira de sábadoFeira de domingo');
    expect(rows[2]).toHaveTextContent('bodyNo centroNo centro');
    expect(rows[2]).not.toHaveTextContent('alterado');
    expect(rows[3]).toHaveTextContent('validade2026-05-312026-05-31');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('shows only the values written when there was nothing before', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    await user.click(await screen.findByRole('button', { name: /^Detalhes: Redefinir senha/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Registro de auditoria 1' });
    expect(within(dialog).getByText('Valores gravados (não havia valores antes).')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('CampoDepois');
    expect(rows[1]).toHaveTextContent('endpointhttps://push.example/1');
  });

  it('says so when there are no entries, and whether filters are on', async () => {
    routes['GET /v1/adm/auditoria'] = () => jsonResponse(200, [], { 'X-Total-Count': '0' });
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    expect(await screen.findByText(NO_AUDIT)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /Entidade/ }), 'Sorteio');
    expect(await screen.findByText(NO_AUDIT_FILTERED)).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    routes['GET /v1/adm/auditoria'] = () => jsonResponse(500, { erro: 'Banco fora do ar' });
    const user = userEvent.setup();
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    expect(await screen.findByText('Banco fora do ar')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível carregar os registros de auditoria.')).toBeInTheDocument();
    routes['GET /v1/adm/auditoria'] = () => jsonResponse(200, [entry(2)]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: /^Detalhes: Alterar Aviso 42/ })).toBeInTheDocument();
  });

  it('asks the super-admin to pick a city first, without any call', () => {
    setSession({ ...admin, superadmin: true, cod_cidade: 0 });
    setAdminCity('000000');
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    expect(
      screen.getByText('Escolha a cidade no topo da página para ver os registros de auditoria.'),
    ).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("lists the super-admin's chosen city", async () => {
    setSession({ ...admin, superadmin: true, cod_cidade: 0 });
    setAdminCity('3550308');
    renderWithApp(<AuditScreen />, { path: '/admin/auditoria' });
    await screen.findByRole('table');
    expect(listQueries()[0]).toMatchObject({ cod_cidade: '3550308' });
  });
});

describe('audit values', () => {
  it('labels entities and actions, and keeps unknown ones readable', () => {
    expect(entityLabel('avaliacao')).toBe('Avaliação');
    expect(entityLabel('coisa_nova')).toBe('Coisa nova');
    expect(actionLabel('trocar_senha')).toBe('Trocar senha');
    expect(actionLabel('criar')).toBe('Criar');
  });

  it('compares objects field by field, changed first, keeping the recorded order', () => {
    expect(changesOf({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, 3], c: 'y', d: true })).toEqual({
      kind: 'fields',
      hasBefore: true,
      hasAfter: true,
      fields: [
        { campo: 'b', antes: [1, 2], depois: [1, 3], alterado: true },
        { campo: 'c', antes: 'x', depois: 'y', alterado: true },
        { campo: 'd', antes: undefined, depois: true, alterado: true },
        { campo: 'a', antes: 1, depois: 1, alterado: false },
      ],
    });
    expect(changesOf({ a: 1 }, null)).toMatchObject({ kind: 'fields', hasBefore: true, hasAfter: false });
    expect(changesOf('texto', 'outro')).toEqual({ kind: 'values' });
    expect(changesOf([1], { a: 1 })).toEqual({ kind: 'values' });
    expect(changesOf(null, null)).toEqual({ kind: 'none' });
  });

  it('shows no value raw: every entity, action and exported list has its Portuguese label (issue 51)', () => {
    expect(entityLabel('apuracao')).toBe('Apuração');
    expect(actionLabel('creditar_cpf')).toBe('Creditar CPF');
    expect(listLabel('contestacoes')).toBe('Contestações');
    expect(recordLabel({ entidade: 'exportacao', id_entidade: 'contestacoes' })).toBe('Contestações');
    expect(recordLabel({ entidade: 'venda', id_entidade: '42' })).toBe('42');
    const raw = (label: string, value: string) => label === value || /_|^[a-z]/.test(label);
    for (const v of ENTIDADES_AUDITADAS) expect(raw(entityLabel(v), v), v).toBe(false);
    for (const v of ACOES_AUDITADAS) expect(raw(actionLabel(v), v), v).toBe(false);
    for (const v of LISTAS_EXPORTADAS) expect(raw(listLabel(v), v), v).toBe(false);
    expect(Object.keys(ROTULO_ACAO_AUDITADA)).toEqual(ACOES_AUDITADAS);
  });
});
