import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { GUARUJA, campaignWithOneConsumer, today } from './draw-data.js';
import { chooseAdminCity, expectAccessible, expectToast, loginAs, sha256Hex, submitLogin } from './utils.js';

/**
 * Issue 36 as the programme lives it: the super-admin schedules an apuração by the Loteria
 * Federal for a campaign of its own (one resident holds its only coupons), which freezes the
 * ticket file and publishes its hash; a resident, signed out, reads that hash before the
 * contest and checks it against the file; the admin enters the contest's five prizes; the
 * project's own command gives the same winner from the public file; the resident finds the
 * win on /meu/numeros, and the public page shows the prizes and the winner masked.
 */

test.slow();

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PREMIOS = ['48213', '05977', '61350', '29086', '73552'];
const brDate = (iso: string) => iso.split('-').reverse().join('/');

test('an apuração: scheduled and frozen, its hash public before the contest, decided by the five prizes, the win seen by the resident', async ({
  page,
  browser,
  request,
}) => {
  const setup = await campaignWithOneConsumer(request);
  const concurso = 5000 + Math.floor(Math.random() * 4000);

  // The admin schedules: the campaign's coupons are frozen and the hash published.
  await loginAs(page, 'super');
  await chooseAdminCity(page, String(GUARUJA));
  await page.goto('/admin/apuracoes');
  await expect(page.getByRole('heading', { name: 'Apurações', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Campanha' }).selectOption({ label: setup.den_campanha });
  await expect(page.getByText('Nenhuma apuração agendada nesta campanha')).toBeVisible();
  await page.getByRole('button', { name: 'Agendar apuração' }).click();
  const agendar = page.getByRole('dialog', { name: 'Agendar apuração' });
  await expect(agendar.getByRole('combobox', { name: 'Campanha' })).toHaveValue(/\d+/);
  await agendar.getByRole('combobox', { name: 'Campanha' }).selectOption({ label: setup.den_campanha });
  await agendar.getByLabel('Concurso da Loteria Federal').fill(String(concurso));
  const data = agendar.getByRole('textbox', { name: 'Data do concurso' });
  await data.fill('');
  await data.pressSequentially(brDate(today()).replace(/\//g, ''));
  await agendar.getByLabel('Quantidade de prêmios').fill('1');
  await expectAccessible(page);
  const scheduled = page.waitForResponse(
    (r) => r.url().endsWith('/v1/adm/apuracoes') && r.request().method() === 'POST',
  );
  await agendar.getByRole('button', { name: 'Agendar', exact: true }).click();
  const res = await scheduled;
  expect(res.status(), await res.text()).toBe(201);
  const apuracao = (await res.json()) as { id_apuracao: number; hash_bilhetes: string; qtd_bilhetes: number };
  expect(apuracao.qtd_bilhetes).toBe(3);
  await expect(agendar).toBeHidden();
  await expectToast(page, `Apuração do concurso ${concurso} agendada`);
  const row = page.getByRole('listitem').filter({ hasText: `Concurso ${concurso}` });
  await expect(row).toContainText(apuracao.hash_bilhetes);
  await expect(row).toContainText('Agendada');

  // A resident, signed out, reads the hash before the contest and checks it against the file.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/sorteios/${apuracao.id_apuracao}`);
  await expect(
    publicPage.getByRole('heading', { name: `Apuração do concurso ${concurso}`, level: 1 }),
  ).toBeVisible();
  await expect(publicPage.getByText('Agendada', { exact: true })).toBeVisible();
  await expect(publicPage.getByText(apuracao.hash_bilhetes, { exact: true })).toBeVisible();
  await expectAccessible(publicPage);
  const link = publicPage.getByRole('link', { name: 'Baixar arquivo de bilhetes (CSV)' });
  const csv = await (await request.get((await link.getAttribute('href')) ?? '')).body();
  expect(sha256Hex(csv.toString('utf8'))).toBe(apuracao.hash_bilhetes);
  const lines = csv.toString('utf8').split('\n');
  expect(lines[0]).toBe('serie,numero,titular,id_estabelecimento');
  expect(lines.slice(1, -1).map((l) => l.split(',').slice(0, 2).join('-'))).toEqual([
    '000-00000',
    '000-00001',
    '000-00002',
  ]);
  expect(csv.toString('utf8')).not.toContain(setup.nome);

  // The admin enters the contest's five prizes; the rule names the winner.
  await row.getByRole('button', { name: `Lançar resultado do concurso ${concurso}` }).click();
  const lancar = page.getByRole('dialog', { name: `Lançar resultado do concurso ${concurso}` });
  for (const [i, premio] of PREMIOS.entries()) await lancar.getByLabel(`${i + 1}º prêmio`).fill(premio);
  await expectAccessible(page);
  await lancar.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(lancar.getByText('Resultado lançado. Ganhadores, na ordem dos prêmios:')).toBeVisible();
  const winnerCell = lancar.getByRole('cell', { name: /^\d{3}-\d{5}$/ });
  await expect(winnerCell).toHaveCount(1);
  const codigo = (await winnerCell.textContent())?.trim() ?? '';
  expect(['000-00000', '000-00001', '000-00002']).toContain(codigo);
  await lancar.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(page.getByRole('listitem').filter({ hasText: `Concurso ${concurso}` })).toContainText(
    'Apurada',
  );

  // Anyone with the public file and the prizes gets the same winner with the project's command.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'praca-apuracao-')), 'bilhetes.csv');
  fs.writeFileSync(file, csv);
  const verified = execFileSync(
    'npm',
    [
      'run',
      '--silent',
      'verify-draw',
      '--',
      '--bilhetes',
      file,
      '--premios',
      PREMIOS.join(','),
      '--hash',
      apuracao.hash_bilhetes,
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  expect(verified).toContain(`1º prêmio: ${codigo},`);

  // The public page shows the prizes in full and the winner, masked.
  await publicPage.reload();
  await expect(publicPage.getByText('Apurada', { exact: true })).toBeVisible();
  const premios = publicPage.getByRole('list', { name: 'Prêmios da Loteria Federal' });
  for (const premio of PREMIOS) await expect(premios).toContainText(premio);
  const ganhadores = publicPage.getByRole('table', { name: 'Ganhadores' });
  await expect(ganhadores).toContainText(codigo);
  await expect(ganhadores).toContainText(setup.shop.nome);
  await expect(ganhadores).not.toContainText(setup.nome);
  // Anyone checks a number on the page.
  await publicPage.getByLabel('Número (série-número)').fill(codigo);
  await publicPage.getByRole('button', { name: 'Conferir' }).click();
  await expect(
    publicPage
      .getByRole('status')
      .filter({ hasText: `O número ${codigo} está no arquivo e ganhou o 1º prêmio.` }),
  ).toBeVisible();
  await expectAccessible(publicPage);
  await visitor.close();

  // The resident, signed in, finds the win among their numbers.
  const context = await browser.newContext();
  const resident = await context.newPage();
  await submitLogin(resident, '/login', setup.email, setup.senha);
  await expect(resident).toHaveURL(/\/$/);
  await resident.goto('/meu/numeros');
  await expect(resident.getByRole('heading', { name: 'Meus números da sorte', level: 1 })).toBeVisible();
  const mine = resident.getByRole('list', { name: setup.den_campanha });
  const won = mine.getByRole('listitem').filter({ hasText: codigo });
  await expect(won).toContainText('Ganhador!');
  await expect(won.getByRole('link', { name: new RegExp(String(concurso)) })).toHaveAttribute(
    'href',
    new RegExp(`/sorteios/${apuracao.id_apuracao}$`),
  );
  await expect(mine.getByRole('listitem')).toHaveCount(3);
  await expectAccessible(resident);
  await context.close();
});
