import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { pngImage } from './png.js';
import {
  NOTICES_TITLE,
  closeNotices,
  expectAccessible,
  expectFieldRefusal,
  expectToast,
  loginAs,
  registerConsumer,
  submitLogin,
  uploadPicture,
} from './utils.js';

/**
 * Issue 7, end to end: what an admin publishes is what a consumer sees. Every test makes its
 * own notice, promotion or tourism item with a unique text, so runs never collide.
 */

test.slow();

const tag = () => randomBytes(3).toString('hex');

test('the city admin publishes a notice and a consumer sees it in the home popup', async ({
  page,
  browser,
  request,
}) => {
  const titulo = `Feira de Artesanato ${tag()}`;

  await loginAs(page, 'admin');
  await page.goto('/admin/aviso');
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo aviso' });
  await dialog.getByLabel(/^Título/).fill(titulo);
  await dialog
    .getByLabel('Mensagem', { exact: true })
    .fill('<p>Sábado na <b>Praça Mauá</b>, das 9h às 17h.</p><script>alert(1)</script>');
  await uploadPicture(dialog, page, 'Imagem', pngImage(400, 400, [20, 140, 90]));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Aviso salvo');
  await expect(page.getByRole('button', { name: `Editar ${titulo}` })).toBeVisible();

  const who = await registerConsumer(request, `Leitora ${tag()}`);
  const context = await browser.newContext();
  const consumer = await context.newPage();
  await submitLogin(consumer, '/login', who.email, who.senha);
  const popup = consumer.getByRole('dialog', { name: NOTICES_TITLE });
  const item = popup.getByRole('listitem').filter({ hasText: titulo });
  await expect(item.getByRole('heading', { name: titulo })).toBeVisible();
  await expect(item).toContainText('Sábado na Praça Mauá, das 9h às 17h.');
  await expect(item.locator('b')).toHaveText('Praça Mauá');
  await expect(item.locator('script')).toHaveCount(0);
  await closeNotices(consumer);
  await context.close();
});

test('the super-admin adds a paid promotion and it appears in the shop popup', async ({
  page,
  browser,
}, testInfo) => {
  const loja = testInfo.project.name === 'phone' ? 'Ótica Visão Clara' : 'Livraria Canal 6';
  const regra = `Leve 3 e pague 2 ${tag()}`;

  await loginAs(page, 'super');
  await page.goto('/admin/promocoes');
  await expect(page.getByRole('heading', { name: 'Promoções por Estabelecimento', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nova' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova promoção' });
  const estabelecimento = dialog.getByRole('combobox', { name: /^Estabelecimento/ });
  await expect(estabelecimento.locator('option', { hasText: loja })).toBeAttached();
  await estabelecimento.selectOption({ label: loja });
  await dialog
    .getByRole('combobox', { name: /^Plano de exposição/ })
    .selectOption({ label: '30 dias — R$\u00a025,00' });
  await dialog.getByRole('checkbox', { name: /^Pago/ }).check();
  await uploadPicture(dialog, page, 'Imagem', pngImage(512, 512, [200, 60, 60]));
  await dialog.getByLabel(/^Regra/).fill(regra);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Promoção salva');

  const context = await browser.newContext();
  const consumer = await context.newPage();
  await loginAs(consumer, 'consumidor');
  await consumer.goto('/meu/participantes');
  await consumer
    .getByRole('button', { name: new RegExp(loja) })
    .first()
    .click();
  const popup = consumer.getByRole('dialog', { name: loja });
  await expect(popup.getByRole('img', { name: `Promoção de ${loja}: ${regra}` })).toBeVisible();
  await context.close();
});

test('the city admin adds a tourism item with a picture and coordinates, and a consumer finds it under its tab', async ({
  page,
  browser,
  request,
}) => {
  const descricao = `Mirante do Monte Serrat ${tag()}`;

  await loginAs(page, 'admin');
  await page.goto('/admin/turismo');
  await expect(page.getByRole('heading', { name: 'Turismo', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo item de turismo' });
  await dialog.getByLabel(/^Descrição/).fill(descricao);
  await dialog.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Eventos' });
  await uploadPicture(dialog, page, 'Imagem', pngImage(800, 600, [40, 90, 200]));
  await dialog.getByLabel('Site').fill('https://www.santos.sp.gov.br/');
  // Nine decimals are refused with the contract's message; eight are kept.
  await dialog.getByLabel('Latitude').fill('-23,934512345');
  await dialog.getByLabel('Longitude').fill('-46,33123456');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectFieldRefusal(dialog.getByLabel('Latitude'), 'Latitude inválida');
  await expect(dialog.getByLabel('Latitude')).toBeFocused();
  await dialog.getByLabel('Latitude').fill('-23,93451234');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Item salvo');

  const who = await registerConsumer(request, `Turista ${tag()}`);
  const context = await browser.newContext();
  const consumer = await context.newPage();
  await submitLogin(consumer, '/login', who.email, who.senha);
  await closeNotices(consumer);
  await consumer.goto('/turismo');
  await consumer.getByRole('tab', { name: 'Eventos' }).click();
  const eventos = consumer.getByRole('tabpanel', { name: 'Eventos' });
  await expect(eventos.getByRole('img', { name: descricao })).toBeVisible();
  await expect(eventos.getByRole('link', { name: `Saiba mais sobre ${descricao}` })).toHaveAttribute(
    'href',
    'https://www.santos.sp.gov.br/',
  );
  await consumer.getByRole('tab', { name: 'Locais' }).click();
  await expect(
    consumer.getByRole('tabpanel', { name: 'Locais' }).getByRole('img', { name: descricao }),
  ).toHaveCount(0);
  await expectAccessible(consumer);
  await context.close();
});
