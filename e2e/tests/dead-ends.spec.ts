import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStripeMock } from './support/commerce';
import { cspViolations, productPhoto, shot, signUpWithProject } from './support/fixtures';
import { startStudio, type Studio } from './support/server';

/** The Guide's pictures: this run keeps them current. */
const guidePictures = fileURLToPath(new URL('../../web/public/guide/', import.meta.url));
mkdirSync(guidePictures, { recursive: true });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function expectSeriousA11yClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function api(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`${origin}${path}`, { method, headers: { Origin: origin }, data });
  return response;
}

async function firstScene(page: Page, projectName: string): Promise<{ projectId: string; sceneId: string }> {
  const projects = await (await api(page, 'GET', '/api/projects')).json();
  const projectId: string = projects.data.find((p: { name: string }) => p.name === projectName).id;
  const scenes = await (await api(page, 'GET', `/api/projects/${projectId}/scenes`)).json();
  return { projectId, sceneId: scenes.data[0].id };
}

/** An image made through the API; resolves to its asset id once the job completed. */
async function generatedImage(page: Page, projectName: string): Promise<string> {
  const { projectId, sceneId } = await firstScene(page, projectName);
  const started = await api(page, 'POST', '/api/generate/image', {
    project_id: projectId,
    scene_id: sceneId,
    prompt: 'a lavender soap bar on white linen in soft morning light',
    context: { pre_production_settings: { quality: 'low', resolution: '1024x1024' } },
  });
  expect(started.status()).toBe(202);
  const jobId: string = (await started.json()).data.job_id;
  await expect
    .poll(async () => (await (await api(page, 'GET', `/api/jobs/${jobId}/status`)).json()).data.status, { timeout: 60_000 })
    .toBe('completed');
  return jobId;
}

/** Spends every credit on ten 10-second videos a studio without workers keeps queued. */
async function spendAllCredits(page: Page, projectName: string) {
  const { projectId, sceneId } = await firstScene(page, projectName);
  for (let i = 0; i < 10; i++) {
    const started = await api(page, 'POST', '/api/generate/video', {
      project_id: projectId,
      scene_id: sceneId,
      refined_video_prompt: 'a soap bar on linen, slow orbit',
      duration: 10,
      context: { quality: 'low', resolution: '1024x1024' },
    });
    expect(started.status()).toBe(202);
  }
  const balance = await (await api(page, 'GET', '/api/credits/balance')).json();
  expect(balance.balance).toBe(0);
}

/**
 * A campaign without media opens on the creating side, on a phone too. The phone decides once the
 * campaign is known (until then it shows the storyboard and its Show Chat), so wait for the
 * decision rather than pressing a button that is about to go.
 */
async function expectCreatingSide(page: Page) {
  await expect(page.getByRole('tab', { name: 'Generate' })).toBeVisible();
}

/**
 * Out of credits: the Generate button says why it is disabled; a request the page believed it could
 * afford (the balance shown was stale) is refused, and a dialog offers the next step.
 */
async function outOfCredits(browser: Browser, studio: Studio, viewport: { width: number; height: number }, name: string) {
  const context = await browser.newContext({ baseURL: studio.url, viewport: DESKTOP });
  const page = await context.newPage();
  await signUpWithProject(page, `broke-${name}`, 'Soap');
  await page.getByTestId('reference-image-input').setInputFiles({ name: 'soap.png', mimeType: 'image/png', buffer: productPhoto([150, 110, 200]) });
  await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
  await spendAllCredits(page, 'Soap');
  await page.setViewportSize(viewport);
  await page.reload();
  await expectCreatingSide(page);
  await page.getByRole('tab', { name: 'Generate' }).click();
  const panel = page.getByTestId('generate-panel');
  const generate = panel.getByRole('button', { name: /^Generate/ });
  await expect(generate).toBeDisabled();
  await expect(panel.getByTestId('generate-reason')).toHaveText('Needs 1 credit — you have 0');
  await shot(page, `out-of-credits-disabled-${name}`);

  // The page still shows the balance it read before the credits were spent elsewhere.
  await page.route('**/api/credits/balance', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), balance: 40 } });
  });
  await page.reload();
  await expectCreatingSide(page);
  await page.getByRole('tab', { name: 'Generate' }).click();
  await panel.getByRole('radiogroup', { name: /template/i }).getByRole('radio').first().check();
  await expect(generate).toBeEnabled();
  await page.unroute('**/api/credits/balance');
  await generate.click();
  const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
  await expect(dialog).toBeVisible();
  // The refusal made the page read the balance again: the dialog names the real one, not the 40
  // the page believed, and the buttons say why they are disabled again.
  await expect(dialog).toContainText('You have 0 credits left, not enough for this.');
  await expect(dialog).not.toContainText('You have 40');
  return { page, dialog, context };
}

test.describe('out of credits', () => {
  // Ten refused-then-queued videos, two reloads and a refusal: more than the default on a busy machine.
  test.describe.configure({ timeout: 180_000 });
  let studio: Studio;
  let paying: Studio;
  let stripe: Awaited<ReturnType<typeof startStripeMock>>;

  test.beforeAll(async () => {
    stripe = await startStripeMock();
    studio = await startStudio({ args: ['--no-workers'] });
    paying = await startStudio({
      args: ['--no-workers'],
      env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_BASE: stripe.origin, STRIPE_CREATOR_PRICE_ID: 'price_e2e' },
    });
  });
  test.afterAll(async () => {
    await studio?.stop();
    await paying?.stop();
    await stripe?.close();
  });

  test('without payments the next step is to ask the operator (desktop)', async ({ browser }) => {
    const { page, dialog, context } = await outOfCredits(browser, studio, DESKTOP, 'operator-desktop');
    await expect(dialog).toContainText('Ask the person who runs this studio to add credits.');
    await expect(dialog.getByRole('link', { name: 'See plans' })).toHaveCount(0);
    await expectSeriousA11yClean(page);
    await shot(page, 'out-of-credits-operator-desktop');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('with payments the next step is the plans (phone)', async ({ browser }) => {
    const { page, dialog, context } = await outOfCredits(browser, paying, PHONE, 'plans-phone');
    await expect(dialog).toContainText('Creator Plan');
    await expect(dialog).not.toContainText('Ask the person who runs this studio');
    await expectSeriousA11yClean(page);
    await shot(page, 'out-of-credits-plans-phone');
    await dialog.getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('dialog', { name: 'Not enough credits' })).toBeHidden();
    await context.close();
  });
});

test.describe('share links', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`a share link is a page with the picture and preview tags; a dead one is a friendly page (${name})`, async ({ page }) => {
      const refused = cspViolations(page);
      await page.setViewportSize(viewport);
      await signUpWithProject(page, `share-${name}`, 'Lavender Soap');
      const asset = await generatedImage(page, 'Lavender Soap');
      const shared = await (await api(page, 'POST', `/api/media/${asset}/share`)).json();
      const link: { id: string; url: string; file_url: string } = shared.data;

      // A stranger's browser: no session.
      const stranger = await page.context().browser()!.newContext({ viewport });
      const visitor = await stranger.newPage();
      const visitorRefused = cspViolations(visitor);
      const origin = new URL(page.url()).origin;
      const opened = await visitor.goto(`${origin}${link.url}`);
      expect(opened!.status()).toBe(200);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Lavender Soap');
      const picture = visitor.getByRole('img', { name: 'Image from Lavender Soap' });
      await expect.poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1024);
      await expect(visitor.getByRole('link', { name: 'Download' })).toBeVisible();
      await expect(visitor.getByText(/This link works until/)).toBeVisible();
      const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute('content');
      expect(ogImage).toBe(`${origin}${link.file_url}`);
      await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      // Without payments configured the download is the stored file itself: no mark.
      const download = await visitor.request.get(`${origin}${link.file_url}?download=1`);
      expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
      const stored = readFileSync(join(process.env.STUDIO_E2E_DATA_DIR!, 'media', 'generated', `${asset}.jpg`));
      expect(Buffer.compare(await download.body(), stored)).toBe(0);
      await expectSeriousA11yClean(visitor);
      await shot(visitor, `share-page-${name}`);

      // The owner turns the link off on the account page; the page then says so.
      await page.goto('/account');
      const row = page.getByTestId('share-link');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Image from Lavender Soap');
      await shot(page, `share-links-account-${name}`);
      await row.getByRole('button', { name: /Turn off/ }).click();
      await expect(row).toHaveCount(0);
      const revoked = await visitor.goto(`${origin}${link.url}`);
      expect(revoked!.status()).toBe(410);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This share link was turned off');
      await shot(visitor, `share-page-revoked-${name}`);
      const invalid = await visitor.goto(`${origin}/s/not-a-real-link`);
      expect(invalid!.status()).toBe(404);
      expect(invalid!.headers()['content-type']).toContain('text/html');
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This share link does not work');
      await expectSeriousA11yClean(visitor);
      await shot(visitor, `share-page-invalid-${name}`);
      expect([...refused, ...visitorRefused]).toEqual([]);
      await stranger.close();
    });
  }
});

test.describe('the free plan mark', () => {
  let paying: Studio;
  let stripe: Awaited<ReturnType<typeof startStripeMock>>;

  test.beforeAll(async () => {
    stripe = await startStripeMock();
    paying = await startStudio({
      env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_BASE: stripe.origin, STRIPE_CREATOR_PRICE_ID: 'price_e2e' },
    });
  });
  test.afterAll(async () => {
    await paying?.stop();
    await stripe?.close();
  });

  test('with payments configured a free-plan download carries the mark; the stored original stays clean', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: paying.url, viewport: DESKTOP });
    const page = await context.newPage();
    await signUpWithProject(page, 'mark', 'Candles');
    const asset = await generatedImage(page, 'Candles');
    const download = await api(page, 'GET', `/api/media/download/${asset}`);
    expect(download.status()).toBe(200);
    const marked = await download.body();
    const stored = readFileSync(join(paying.dataDir, 'media', 'generated', `${asset}.jpg`));
    expect(Buffer.compare(marked, stored)).not.toBe(0);
    // Look at it: the viewer shows the marked picture.
    await page.goto(`/api/media/file/${asset}`);
    await shot(page, 'watermarked-image');
    await context.close();
  });
});

test('the Guide: the creative loop with current pictures, reachable from the menu', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithProject(page, 'guide', 'Lavender Soap');
  await page.screenshot({ path: `${guidePictures}step-1-project.png` });
  await page.getByTestId('reference-image-input').setInputFiles({ name: 'soap.png', mimeType: 'image/png', buffer: productPhoto([150, 110, 200]) });
  await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
  await page.screenshot({ path: `${guidePictures}step-2-photos.png` });
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('on white linen with soft morning light, for Instagram');
  await input.press('Enter');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByTestId('brief').last()).toContainText(/linen/i, { timeout: 30_000 });
  await page.screenshot({ path: `${guidePictures}step-3-chat.png` });
  await conversation.getByRole('button', { name: /Generate Image/ }).last().click();
  const image = conversation.locator('img[src*="/api/media/file/"]').first();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 60_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: `${guidePictures}step-4-image.png` });
  await image.click();
  await expect(page.getByRole('button', { name: /Animate this/ }).last()).toBeVisible();
  await page.screenshot({ path: `${guidePictures}step-5-refine.png` });
  const viewer = page.getByRole('dialog', { name: 'Media viewer' });
  await viewer.getByRole('button', { name: 'Close viewer' }).click();
  await expect(viewer).toBeHidden();
  const assetId = /\/api\/media\/file\/([0-9a-f-]{36})/.exec((await image.getAttribute('src')) ?? '')?.[1];
  const onStoryboard = page.locator(`main img[src*="${assetId}"]`).first();
  await expect.poll(() => onStoryboard.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: `${guidePictures}step-6-storyboard.png` });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Guide' }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible();
  for (const heading of ['The creative loop in six steps', 'What makes a good product photo', 'The offline engine and hosted models', 'How credits work']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const pictures = page.getByRole('listitem').locator('img');
  await expect(pictures).toHaveCount(6);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expectSeriousA11yClean(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'guide-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'guide-phone');
  await expect(page.getByRole('link', { name: 'Back to the studio' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the studio' }).click();
  await expect(page).toHaveURL(/\/create/);
});
