import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage: false });
}

test('a generation updates the credit badge and storyboard live, and the ledger lists it', async ({ page, baseURL }) => {
  const email = `e2e-credits-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/create');
  const auth = page.getByRole('dialog', { name: 'Create your free account' });
  await auth.getByLabel('First name').fill('Ada');
  await auth.getByLabel('Email').fill(email);
  await auth.getByLabel('Password').fill('correct horse battery');
  await auth.getByRole('button', { name: 'Create account' }).click();
  const createProject = page.getByRole('dialog', { name: 'Create New Project' });
  await createProject.getByLabel('Project Name').fill('Live Updates');
  await createProject.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
  const badge = page.getByTestId('credit-badge').first();
  await expect(badge).toContainText('100');

  // Start a generation outside the page (as another tab would); the page learns of it
  // through its event stream only.
  const headers = { Origin: baseURL! };
  const projects = await (await page.request.get('/api/projects')).json();
  const projectId: string = projects.data.find((p: { name: string }) => p.name === 'Live Updates').id;
  const scenes = await (await page.request.get(`/api/projects/${projectId}/scenes`)).json();
  const sceneId: string = scenes.data[0].id;
  const started = await page.request.post('/api/generate/image', {
    headers,
    data: {
      project_id: projectId,
      scene_id: sceneId,
      prompt: 'amber glass jar of face cream on dark marble at golden hour',
      context: { pre_production_settings: { quality: 'low', resolution: '1024x1536' } },
    },
  });
  expect(started.status()).toBe(202);
  const jobId: string = (await started.json()).data.job_id;

  await expect(badge).toContainText('99');
  const generated = page.locator(`img[src*="${jobId}"]`).first();
  await expect(generated).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => generated.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'generation-live-desktop');

  // The ledger: the debit on top, the welcome credits below.
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transaction history' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Image generation');
  await expect(rows.nth(0)).toContainText('1');
  await expect(rows.nth(1)).toContainText('Welcome credits');
  await expect(rows.nth(1)).toContainText('+100');
  await shot(page, 'transactions-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'transactions-mobile');
});
