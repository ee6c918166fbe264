import { randomBytes, randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { pngImage } from './png.js';
import { chooseAdminCity, expectAccessible, expectToast, loginAs, uploadPicture } from './utils.js';

/**
 * Issue 5, as a city administrator lives it: from an empty city, the super-admin registers the
 * shops with their pictures and a seller, sets up a campaign with a banner and two shops, and
 * the dashboard counts them. Each project works in a city of its own (no other spec touches
 * them) and reads the dashboard before and after, so runs and retries never collide.
 */

test.slow();

const EMPTY_CITY = { desktop: '3506359', phone: '3513504' } as const; // Bertioga, Cubatão
const tag = () => randomBytes(3).toString('hex');

/** A valid CNPJ with a random root (both check digits computed as spec §5 asks). */
function randomCnpj(): string {
  const d = Array.from({ length: 8 }, () => randomInt(10)).concat([0, 0, 0, 1]);
  const digit = (weights: number[]) => {
    const r = weights.reduce((acc, w, i) => acc + w * d[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  d.push(digit([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  d.push(digit([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  return d.join('');
}

/** The dashboard's figure under a card label, as a number. */
async function figure(page: Page, label: string): Promise<number> {
  const text = (await page.getByTestId(`card-${label}`).locator('dd').innerText()).trim();
  return Number(
    text
      .replace(/\./g, '')
      .replace(',', '.')
      .replace(/[^\d.-]/g, ''),
  );
}

async function figures(page: Page) {
  await expect(page.getByTestId('card-Empresas')).toBeVisible();
  return {
    empresas: await figure(page, 'Empresas'),
    ativos: await figure(page, 'Ativos'),
    participantes: await figure(page, 'Participantes'),
    campanha: await figure(page, 'Campanha'),
  };
}

/** The 'Participa' checkbox of a shop (its name is read out after the label). */
const participa = (loja: string) => new RegExp(`^Participa\\s*:\\s*${loja}$`);

test('from an empty city: shops with pictures and a seller, a campaign with a banner and two shops, and the dashboard counts them', async ({
  page,
}, testInfo) => {
  const city = EMPTY_CITY[testInfo.project.name as keyof typeof EMPTY_CITY] ?? EMPTY_CITY.desktop;
  const t = tag();
  const lojaA = `Mercearia Aurora ${t}`;
  const lojaB = `Quiosque Brisa ${t}`;
  const vendedor = `Vendedora Iara ${t}`;
  const campanha = `Natal Premiado ${t}`;

  await loginAs(page, 'super');
  await chooseAdminCity(page, city);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const before = await figures(page);
  await expectAccessible(page);

  // Shops (only the super-admin may create them).
  await page.goto('/admin/estabelecimento');
  await expect(page.getByRole('heading', { name: 'Estabelecimentos', level: 1 })).toBeVisible();
  await expectAccessible(page);

  for (const [nome, withPictures] of [
    [lojaA, true],
    [lojaB, false],
  ] as const) {
    await page.getByRole('button', { name: 'Novo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo estabelecimento' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/^Nome( \*)?$/).fill(nome);
    const cnpj = dialog.getByLabel('CNPJ', { exact: true });
    if (withPictures) {
      // A wrong check digit is refused on leaving the field, which clears (spec §5).
      await cnpj.fill('11222333000182');
      await cnpj.blur();
      await expect(dialog.getByRole('alert')).toHaveText('CNPJ invalido');
      await expect(cnpj).toHaveValue('');
    }
    await cnpj.fill(randomCnpj());
    await expect(cnpj).toHaveValue(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);

    await dialog.getByRole('tab', { name: 'Endereço' }).click();
    await dialog.getByLabel('CEP').fill('11250000');
    await expect(dialog.getByLabel('CEP')).toHaveValue('11250-000');

    if (withPictures) {
      await dialog.getByRole('tab', { name: 'Fotos' }).click();
      await uploadPicture(dialog, page, 'Foto', pngImage(600, 300, [200, 120, 40]));
      await uploadPicture(dialog, page, 'Logo', pngImage(120, 120, [30, 110, 160]));
      await expectAccessible(page);

      await dialog.getByRole('tab', { name: 'Vendedores' }).click();
      const nomeVendedor = dialog.getByLabel('Nome do vendedor', { exact: true });
      await nomeVendedor.fill(vendedor);
      await dialog.getByRole('button', { name: 'Adicionar' }).click();
      // The same name twice is ignored (spec §5).
      await nomeVendedor.fill(vendedor.toUpperCase());
      await dialog.getByRole('button', { name: 'Adicionar' }).click();
      await expect(dialog.getByRole('button', { name: /^Remover / })).toHaveCount(1);
    }

    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Estabelecimento salvo');
  }

  // The list finds them by name; the seller and the pictures were stored.
  await page.getByLabel('Buscar por código ou nome').fill(t);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await page.getByRole('button', { name: `Editar ${lojaA}` }).click();
  const edit = page.getByRole('dialog', { name: lojaA });
  await edit.getByRole('tab', { name: 'Vendedores' }).click();
  await expect(edit.getByRole('button', { name: `Remover ${vendedor}` })).toBeVisible();
  await edit.getByRole('tab', { name: 'Fotos' }).click();
  await expect(edit.getByRole('img', { name: 'Foto' })).toHaveAttribute('src', /\/img\/imgest\//);
  await edit.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(edit).toBeHidden();

  // The campaign, with a banner and the two new shops.
  await page.goto('/admin/campanha');
  await expect(page.getByRole('heading', { name: 'Campanhas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nova' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova campanha' });
  await expect(dialog.getByRole('checkbox', { name: participa(lojaA) })).toBeVisible();
  await dialog.getByLabel('Descrição').fill(campanha);
  await uploadPicture(dialog, page, 'Banner', pngImage(1200, 480, [120, 30, 90]));
  await dialog.getByRole('checkbox', { name: participa(lojaA) }).check();
  await dialog.getByRole('checkbox', { name: participa(lojaB) }).check();
  const fator = dialog.getByRole('textbox', { name: `Fator sorteio de ${lojaB}` });
  await fator.fill('0,02');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Campanha salva');
  await expect(page.getByRole('row', { name: new RegExp(campanha) })).toBeVisible();

  // Reopened, the campaign keeps both shops and the second shop's factor.
  await page.getByRole('button', { name: `Editar ${campanha}` }).click();
  const reopened = page.getByRole('dialog', { name: campanha });
  await expect(reopened.getByRole('checkbox', { name: participa(lojaA) })).toBeChecked();
  await expect(reopened.getByRole('checkbox', { name: participa(lojaB) })).toBeChecked();
  await expect(reopened.getByRole('textbox', { name: `Fator sorteio de ${lojaB}` })).toHaveValue('0,02');
  await reopened.getByRole('button', { name: 'Fechar' }).first().click();

  // The dashboard changed by exactly what was done.
  await page.goto('/admin/home');
  await expect
    .poll(() => figures(page))
    .toEqual({
      empresas: before.empresas + 2,
      ativos: before.ativos + 2,
      participantes: before.participantes + 2,
      campanha: before.campanha + 1,
    });
});

test('a city admin adds a seller to a shop of the city, and cannot touch what only the super-admin may', async ({
  page,
}, testInfo) => {
  const loja = testInfo.project.name === 'phone' ? 'Papelaria do Estudante' : 'Livraria Canal 6';
  const vendedor = `Caixa Joana ${tag()}`;

  await loginAs(page, 'admin');
  await page.goto('/admin/estabelecimento');
  await expect(page.getByRole('heading', { name: 'Estabelecimentos', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);
  await page.getByLabel('Buscar por código ou nome').fill(loja);
  await page.getByRole('button', { name: `Editar ${loja}` }).click();
  const dialog = page.getByRole('dialog', { name: loja });
  await expect(dialog.getByLabel(/^Nome( \*)?$/)).toHaveValue(loja);
  await expect(
    dialog.getByRole('combobox', { name: 'Categoria' }).or(dialog.getByLabel('Categoria')),
  ).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

  await dialog.getByRole('tab', { name: 'Fotos' }).click();
  await expect(dialog.getByRole('button', { name: 'Escolher imagem' })).toHaveCount(0);

  await dialog.getByRole('tab', { name: 'Vendedores' }).click();
  await dialog.getByLabel('Nome do vendedor', { exact: true }).fill(vendedor);
  await dialog.getByLabel('Nome do vendedor', { exact: true }).press('Enter');
  await expect(dialog.getByRole('button', { name: `Remover ${vendedor}` })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Estabelecimento salvo');

  await page.getByRole('button', { name: `Editar ${loja}` }).click();
  const again = page.getByRole('dialog', { name: loja });
  await again.getByRole('tab', { name: 'Vendedores' }).click();
  await expect(again.getByRole('button', { name: `Remover ${vendedor}` })).toBeVisible();
});
