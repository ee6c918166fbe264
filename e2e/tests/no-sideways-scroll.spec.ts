import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginAs, NOTICES_TITLE, registerConsumer, sha256Hex, type Role } from './utils.js';

/**
 * Issue 35: no page scrolls sideways on a 360 px phone (the document is no wider than the
 * viewport), and nothing a person can press is cut off by the screen's edge or by a box that
 * scrolls sideways (a table's 'Editar' hidden past the right edge). Every page each of the four
 * roles reaches (`apps/web/src/config/paths.ts`, `app/router.tsx`), on both projects; then two
 * parts that are not pages: the shop popup's reviews list and the logo's empty picture box.
 * A new page goes in the list of its role.
 */

interface Visit {
  path: string;
}

const SANTOS = 3548500;

const PUBLIC: Visit[] = [
  { path: '/login' },
  { path: '/cadastro' },
  { path: '/erro401' },
  { path: '/solicitaredefinir' },
  { path: '/redefinirsenha' },
  { path: '/parceiro/login' },
  { path: '/admin/login' },
  { path: '/sorteios' },
  { path: `/sorteios?cidade=${SANTOS}` },
  { path: `/entidades?cidade=${SANTOS}` },
];

const CONSUMER: Visit[] = [
  { path: '/' },
  { path: '/turismo' },
  { path: '/notificacao' },
  { path: '/perfil' },
  { path: '/remocaousuario' },
  { path: '/meu/participantes' },
  { path: '/meu/sorteados' },
  { path: '/meu/extrato' },
  { path: '/meu/cupom' },
  { path: '/meu/desconto' },
  { path: '/meu/conquista' },
  { path: '/meu/resgatar' },
  { path: '/meu/numeros' },
  { path: '/sorteios' },
];

const PARTNER: Visit[] = [
  { path: '/parceiro/home' },
  { path: '/parceiro/vender' },
  { path: '/parceiro/aprovaavaliacao' },
  { path: '/parceiro/estabelecimento' },
  { path: '/parceiro/cupom' },
  { path: '/parceiro/desconto' },
  { path: '/parceiro/outrooo' },
  { path: '/parceiro/integracao' },
];

const ADMIN: Visit[] = [
  { path: '/admin/home' },
  { path: '/admin/aprovaavaliacao' },
  { path: '/admin/vender' },
  { path: '/admin/campanha' },
  { path: '/admin/estabelecimento' },
  { path: '/admin/estabelecimento/importar' },
  { path: '/admin/contemplado' },
  { path: '/admin/desconto' },
  { path: '/admin/notificacao' },
  { path: '/admin/aviso' },
  { path: '/admin/promocoes' },
  { path: '/admin/turismo' },
  { path: '/admin/turismo/importar' },
  { path: '/admin/auditoria' },
  { path: '/admin/apuracoes' },
  { path: '/admin/contestacoes' },
  { path: '/admin/comprovacoes-cpf' },
  { path: '/admin/alertas' },
  { path: '/admin/entidades' },
  { path: '/admin/webhooks' },
  { path: '/mapa' },
];

const PAGES: Record<Role, Visit[]> = {
  consumidor: CONSUMER,
  parceiro: PARTNER,
  admin: ADMIN,
  super: ADMIN,
};

/**
 * What is wrong with the page as it is laid out now, as readable lines:
 * - the document is wider than the screen (`width`, the project's viewport);
 * - a control (link, button, field, tab) is not wholly inside the screen and every box around
 *   it that clips (overflow other than visible), e.g. an 'Editar' past a table's right edge;
 * - a control's own text is cut (a button label wider than the button);
 * - a row of tabs wraps onto a second line.
 * Carousel slides move past the edge by design and are not judged; visually hidden text
 * (1 px) neither. `within` and `more` narrow the look to a part of the page (a popup) and
 * judge more than controls there (table cells, stars).
 */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]';

function layoutProblems(page: Page, width: number, within = 'body', more = ''): Promise<string[]> {
  return page.evaluate(
    ({ width, within, selector }) => {
      const problems: string[] = [];
      const doc = document.documentElement;
      const viewport = Math.min(window.innerWidth, width);
      if (doc.scrollWidth > viewport) {
        problems.push(`the document is ${doc.scrollWidth} px wide on a ${viewport} px screen`);
      }
      const describe = (el: Element): string => {
        const text = (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? text ?? ''}"`;
      };
      const clips = (box: Element) => getComputedStyle(box).overflowX !== 'visible';
      const scope = document.querySelector(within) ?? document.body;
      for (const el of Array.from(scope.querySelectorAll(selector))) {
        if (el.closest('[aria-roledescription="slide"], [aria-hidden="true"], [inert]')) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width < 2 || rect.height < 2) continue;
        let left = Math.max(rect.left, 0);
        let right = Math.min(rect.right, viewport);
        for (let box = el.parentElement; box && box !== doc; box = box.parentElement) {
          if (!clips(box)) continue;
          const clip = box.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (right - left < rect.width - 1) {
          problems.push(
            `${describe(el)} is cut: ${Math.round(Math.max(0, right - left))} of ${Math.round(rect.width)} px show`,
          );
          continue;
        }
        for (const part of [el, ...Array.from(el.querySelectorAll('*'))]) {
          if (
            part instanceof HTMLElement &&
            part.getBoundingClientRect().width >= 2 &&
            clips(part) &&
            part.scrollWidth > part.clientWidth
          ) {
            problems.push(
              `${describe(el)} has its text cut (${part.scrollWidth} px in ${part.clientWidth} px)`,
            );
            break;
          }
        }
      }
      for (const list of Array.from(
        scope.querySelectorAll('[role="tablist"]:not([aria-orientation="vertical"])'),
      )) {
        const tops = new Set(
          Array.from(list.querySelectorAll('[role="tab"]')).map((tab) =>
            Math.round(tab.getBoundingClientRect().top),
          ),
        );
        if (tops.size > 1)
          problems.push(`the tabs "${list.getAttribute('aria-label') ?? ''}" wrap onto ${tops.size} lines`);
      }
      return problems;
    },
    { width, within, selector: more ? `${CONTROLS}, ${more}` : CONTROLS },
  );
}

/** Waits for the page's data (no request for a while, no skeleton), closing the notices popup. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  const notices = page.getByRole('dialog', { name: NOTICES_TITLE });
  if (await notices.isVisible()) {
    await notices.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(notices).toBeHidden();
  }
}

/**
 * An audited write that changes nothing a person sees (a tourism item of Santos saved with its
 * own 'Ativo'), so that Auditoria has rows to lay out even when this spec runs alone.
 */
async function auditedNoOp(page: Page): Promise<void> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('praca.sessao') ?? '{}') as { token?: string }).token,
  );
  const headers = { authorization: `Bearer ${token}` };
  const list = await page.request.get(`/v1/adm/turismo?cod_cidade=${SANTOS}&pagina=1&limite=1`, { headers });
  expect(list.status(), await list.text()).toBe(200);
  const [item] = (await list.json()) as { id_turismo: number; ind_ativo: 'S' | 'N' }[];
  const saved = await page.request.patch(`/v1/adm/turismo/${item.id_turismo}`, {
    headers,
    data: { ind_ativo: item.ind_ativo },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * An open complaint ('Minha compra não foi registrada') of a new Santos resident at the
 * Padaria, so that Contestações has a card, with its Aceitar and Recusar, to lay out.
 */
async function openComplaint(request: APIRequestContext): Promise<void> {
  const { email, senha } = await registerConsumer(request, 'Rosa Contestação');
  const login = await request.post('/v1/login', { data: { email, senha: sha256Hex(senha) } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const res = await request.post('/v1/contestacoes', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      tipo: 'nao_registrada',
      id_estabelecimento: 1,
      dat_venda: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
      valor_venda: 87.5,
      numero_venda: `CUPOM-FISCAL-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Visits each page and gathers every problem, so one run names all the pages at fault. */
async function checkPages(page: Page, visits: Visit[]): Promise<void> {
  const width = page.viewportSize()!.width;
  const found: string[] = [];
  for (const visit of visits) {
    await test.step(visit.path, async () => {
      await page.goto(visit.path);
      await settle(page);
      found.push(...(await stableProblems(page)).map((p) => `${visit.path}: ${p}`));
    });
  }
  expect(found, `at ${width} px`).toEqual([]);
}

/** Judges the layout until it is right or 3 s have passed (images, fonts), and answers the problems. */
async function stableProblems(page: Page, within?: string, more?: string): Promise<string[]> {
  const width = page.viewportSize()!.width;
  let problems: string[] = [];
  await expect
    .poll(async () => (problems = await layoutProblems(page, width, within, more)), { timeout: 3_000 })
    .toEqual([])
    .catch(() => undefined);
  return problems;
}

test.describe('no page scrolls sideways', () => {
  test.slow();

  test('public pages', async ({ page }) => {
    await checkPages(page, PUBLIC);
  });

  for (const role of ['consumidor', 'parceiro', 'admin', 'super'] as const) {
    test(`every page of ${role}`, async ({ page, request }) => {
      await loginAs(page, role);
      if (role === 'admin' || role === 'super') {
        await auditedNoOp(page);
        await openComplaint(request);
      }
      await checkPages(page, PAGES[role]);
    });
  }
});

test("the shop popup's reviews list fits the popup, Estrelas included (1366 px and 360 px)", async ({
  page,
}, testInfo) => {
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'consumidor');
  await page.goto('/meu/participantes');
  await page.getByLabel('Buscar por nome').fill('Padaria Bella Vista');
  await page.getByRole('button', { name: /Padaria Bella Vista/ }).click();
  const popup = page.getByRole('dialog', { name: 'Padaria Bella Vista' });
  await popup.getByRole('button', { name: /ver avaliações/ }).click();
  await expect(popup.getByRole('heading', { name: 'Avaliações' })).toBeVisible();
  await expect(popup.getByRole('img', { name: /estrela/ }).first()).toBeVisible();
  if (testInfo.project.name === 'desktop') {
    await expect(popup.getByRole('columnheader', { name: 'Estrelas' })).toBeVisible();
  }
  // Every header, cell and row of stars shows whole inside the popup.
  expect(await stableProblems(page, '[role="dialog"]', 'th, td, li, [role="img"]')).toEqual([]);
});

test("the logo's 50 x 50 'Sem imagem' placeholder shows whole", async ({ page }) => {
  await loginAs(page, 'super');
  await page.goto('/admin/estabelecimento');
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo estabelecimento' });
  await dialog.getByRole('tab', { name: 'Fotos' }).click();
  const logo = dialog.getByRole('group', { name: 'Logo' });
  const words = logo.getByText('Sem imagem', { exact: true });
  await expect(words).toBeVisible();
  // Neither squeezed inside its own box nor clipped by a box around it.
  const cut = await words.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const own = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
    let clipped = false;
    for (let box = el.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = box.getBoundingClientRect();
      if (
        rect.left < clip.left - 0.5 ||
        rect.right > clip.right + 0.5 ||
        rect.top < clip.top - 0.5 ||
        rect.bottom > clip.bottom + 0.5
      )
        clipped = true;
    }
    return { own, clipped };
  });
  expect(cut).toEqual({ own: false, clipped: false });
});
