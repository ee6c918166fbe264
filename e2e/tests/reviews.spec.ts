import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, loginAs, openNavigation, registerConsumer, submitLogin } from './utils.js';

// Each project rates its own shop of the demo partner, so desktop and phone runs never count
// each other's review.
const SHOP_BY_PROJECT: Record<string, string> = {
  desktop: 'Padaria Bella Vista',
  phone: 'Empório Bella Vista',
};

const NOME = 'Beatriz Avaliadora Teste';
/** Spec §5: first and last word keep their first letter, the rest is starred. */
const NOME_MASCARADO = 'B****** ********** T****';

const today = () =>
  new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date());

async function openShop(page: Page, shop: string): Promise<Locator> {
  await page.goto('/meu/participantes');
  await page.getByLabel('Buscar por nome').fill(shop);
  await page.getByRole('button', { name: new RegExp(shop) }).click();
  const popup = page.getByRole('dialog', { name: shop });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('list', { name: 'Distribuição das avaliações' })).toBeVisible();
  return popup;
}

/** The number of approved reviews the popup shows, and the bars' text. */
async function ratingState(popup: Locator): Promise<{ total: number; bars: string }> {
  const label = (await popup.getByRole('button', { name: /ver avaliações/ }).textContent()) ?? '';
  const total = Number(/(\d+) avaliaç/.exec(label)?.[1] ?? NaN);
  const bars = await popup.getByRole('list', { name: 'Distribuição das avaliações' }).innerText();
  return { total, bars };
}

test('a consumer rates a partner shop, the partner approves it with an answer, the consumer sees it', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const shop = SHOP_BY_PROJECT[testInfo.project.name] ?? 'Padaria Bella Vista';
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const comentario = `Atendimento ótimo e pão fresquinho (${stamp})`;
  const resposta = `Obrigado pela visita! (${stamp})`;

  // A brand-new consumer: one pending review per shop and person, so every run brings its own.
  const consumer = await registerConsumer(request, NOME);
  await submitLogin(page, '/login', consumer.email, consumer.senha);
  await expect(page).toHaveURL(/\/$/);

  let popup = await openShop(page, shop);
  const before = await ratingState(popup);
  expect(before.total).toBeGreaterThan(0);

  await popup.getByRole('button', { name: 'AVALIAR' }).click();
  const send = popup.getByRole('button', { name: 'Enviar Avaliação' });
  await expect(popup.getByRole('radiogroup', { name: 'Sua nota' })).toBeVisible();
  await expectAccessible(page);
  // Stars and text are checked at once, each under its field; nothing is sent meanwhile.
  await send.click();
  await expect(popup.getByRole('radiogroup', { name: 'Sua nota' })).toHaveAccessibleDescription(
    /Escolha o número de estrelas!/,
  );
  await popup.getByRole('radio', { name: '4 estrelas' }).click();
  await expect(popup.getByRole('radio', { name: '4 estrelas' })).toBeChecked();
  await send.click();
  await expect(popup.getByLabel('Sua opinião')).toHaveAccessibleDescription(/Descreva sua opinião!/);
  await popup.getByLabel('Sua opinião').fill(comentario);
  await send.click();
  await expect(page.getByText('Avaliação enviada! Ela aparece depois de aprovada.')).toBeVisible();
  // The form closed back to the detail; the review waits for approval, so nothing counts yet.
  await expect(popup.getByRole('button', { name: 'AVALIAR' })).toBeFocused();
  expect((await ratingState(popup)).total).toBe(before.total);

  // A second review of the same shop while the first waits: the server's message in the form.
  await popup.getByRole('button', { name: 'AVALIAR' }).click();
  await popup.getByRole('radio', { name: '5 estrelas' }).click();
  await popup.getByLabel('Sua opinião').fill('Mais uma opinião');
  await send.click();
  await expect(popup.getByRole('alert')).toHaveText(
    'Sua avaliação anterior deste estabelecimento ainda aguarda aprovação',
  );
  await popup.getByRole('button', { name: 'Cancelar' }).click();
  await expect(popup.getByRole('button', { name: 'AVALIAR' })).toBeVisible();

  // The partner approves it with an answer.
  await loginAs(page, 'parceiro');
  await page.goto('/parceiro/aprovaavaliacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Aprova Avaliação' })).toBeVisible();
  const item = page.locator('tr, li').filter({ hasText: comentario });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(shop);
  await expect(item).toContainText(NOME_MASCARADO);
  await expect(item).toContainText(today());
  await expect(item.getByRole('img', { name: '4 estrelas' })).toBeVisible();
  await expectAccessible(page);

  await item.getByRole('button', { name: /^Aprovar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Aprovar avaliação' });
  await dialog.getByLabel('Resposta (opcional)').fill(resposta);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await expect(page.getByText('Avaliação aprovada')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tr, li').filter({ hasText: comentario })).toHaveCount(0);

  // The consumer now sees it counted, masked and answered.
  await submitLogin(page, '/login', consumer.email, consumer.senha);
  await expect(page).toHaveURL(/\/$/);
  popup = await openShop(page, shop);
  const after = await ratingState(popup);
  expect(after.total).toBe(before.total + 1);
  expect(after.bars).not.toBe(before.bars);

  await popup.getByRole('button', { name: /ver avaliações/ }).click();
  await expect(popup.getByRole('heading', { name: 'Avaliações' })).toBeVisible();
  const review = popup.locator('tr, li').filter({ hasText: comentario });
  await expect(review).toHaveCount(1);
  await expect(review).toContainText(NOME_MASCARADO);
  await expect(review).not.toContainText(NOME);
  await expect(review).toContainText(resposta);
  await expect(review).toContainText(today());
  await expect(review.getByRole('img', { name: '4 estrelas' })).toBeVisible();
  await expectAccessible(page);
  await popup.getByRole('button', { name: 'Voltar' }).click();
  await expect(popup.getByRole('button', { name: /ver avaliações/ })).toBeFocused();
});

test('the partner deletes a review after confirming, and an admin sees the empty list message', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const shop = SHOP_BY_PROJECT[testInfo.project.name] ?? 'Padaria Bella Vista';
  const comentario = `Para excluir (${testInfo.project.name}-${Date.now()})`;
  const consumer = await registerConsumer(request, 'Carlos Excluído Souza');
  await submitLogin(page, '/login', consumer.email, consumer.senha);
  await expect(page).toHaveURL(/\/$/);
  const popup = await openShop(page, shop);
  await popup.getByRole('button', { name: 'AVALIAR' }).click();
  await popup.getByRole('radio', { name: '1 estrela' }).click();
  await popup.getByLabel('Sua opinião').fill(comentario);
  await popup.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expect(page.getByText('Avaliação enviada! Ela aparece depois de aprovada.')).toBeVisible();

  await loginAs(page, 'parceiro');
  await page.goto('/parceiro/aprovaavaliacao');
  const item = page.locator('tr, li').filter({ hasText: comentario });
  await item.getByRole('button', { name: /^Excluir/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir avaliação' });
  await expect(dialog.getByText('Confirma Exclusao')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: /^Excluir/ }).click();
  await dialog.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page.getByText('Avaliação excluída')).toBeVisible();
  await expect(page.locator('tr, li').filter({ hasText: comentario })).toHaveCount(0);

  // Guarujá has no pending review in the demo: the super-admin picks it and sees the message.
  await loginAs(page, 'super');
  await page.goto('/admin/aprovaavaliacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Aprova Avaliação' })).toBeVisible();
  await expect(page.locator('tr, li').filter({ hasText: 'Padaria Bella Vista' }).first()).toBeVisible();
  await openNavigation(page);
  const cidade = page.getByRole('combobox', { name: 'Cidade', exact: true }).first();
  await expect(cidade.locator('option', { hasText: 'Guarujá - SP' })).toBeAttached();
  await cidade.selectOption({ label: 'Guarujá - SP' });
  await page.keyboard.press('Escape');
  await expect(page.getByText('Nenhuma avaliação pendente', { exact: true })).toBeVisible();
  await expectAccessible(page);
});
