import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { productPhoto, shot, signUpWithProject, toast } from './support/fixtures';

/** The rough edges a first-time seller hit, each checked on a desktop and on a phone. */

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1440, height: 900 }, phone: false },
  { label: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

async function expectSeriousA11yClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

interface Ids {
  project: string;
  scene: string;
}

/** The signed-in user's only project and its first campaign. */
async function currentIds(page: Page): Promise<Ids> {
  const projects = await (await page.request.get('/api/projects')).json();
  const project = projects.data[0].id as string;
  const scenes = await (await page.request.get(`/api/projects/${project}/scenes`)).json();
  return { project, scene: scenes.data[0].id as string };
}

/** Starts a generation as another tab or the chat would, and waits until it is done; returns the asset id. */
async function generate(page: Page, ids: Ids, kind: 'image' | 'audio', prompt: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const body =
    kind === 'image'
      ? { project_id: ids.project, scene_id: ids.scene, prompt, context: { pre_production_settings: { quality: 'low', resolution: '1024x1024' } } }
      : { project_id: ids.project, scene_id: ids.scene, prompt };
  const response = await page.request.post(`/api/generate/${kind}`, { data: body, headers: { Origin: origin } });
  expect(response.status()).toBe(202);
  const job = (await response.json()).data.job_id as string;
  let asset = '';
  await expect
    .poll(
      async () => {
        const status = (await (await page.request.get(`/api/jobs/${job}/status`)).json()).data;
        asset = status.asset_id ?? '';
        return status.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  return asset;
}

/** A campaign with media opens on the storyboard, on a phone too. */
async function expectStoryboard(page: Page, phone: boolean) {
  if (phone) await expect(page.getByRole('button', { name: 'Show Chat' })).toBeVisible();
  await expect(page.getByTestId('storyboard')).toBeVisible();
}

async function uploadProductPhoto(page: Page) {
  await page.getByTestId('reference-image-input').setInputFiles({ name: 'lavender-soap.png', mimeType: 'image/png', buffer: productPhoto([150, 110, 200]) });
  await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
}

for (const { label, viewport, phone } of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a new seller starts where the work is, with the thread in front (${label})`, async ({ page }) => {
      await signUpWithProject(page, `start-${label}`, 'Lavender Soap');

      // The first screen: the chat input and the product-photo picker, not an empty storyboard. On a
      // phone the picker starts folded behind the no-photo notice's Add photo, so the thread keeps the
      // screen.
      const input = page.getByRole('textbox', { name: 'Message' });
      await expect(input).toBeVisible();
      await expect(page.getByTestId('reference-image-input')).toBeAttached();
      const addPhoto = page.getByTestId('no-product-photo').getByRole('button', { name: 'Add photo' });
      if (phone) {
        await expect(addPhoto).toBeVisible();
        await expect(page.getByText('Add product photos')).toBeHidden();
      } else {
        await expect(page.getByText('Add product photos')).toBeVisible();
      }

      // The toast of the new project sits below the header and, on a phone, the campaign selector,
      // clear of the balance.
      const created = toast(page, 'Project created successfully');
      await expect(created).toBeVisible();
      const toastBox = (await created.boundingBox())!;
      const overlaps = (box: { x: number; y: number; width: number; height: number }) =>
        toastBox.x < box.x + box.width && box.x < toastBox.x + toastBox.width && toastBox.y < box.y + box.height && box.y < toastBox.y + toastBox.height;
      if (phone) {
        const header = (await page.locator('header').first().boundingBox())!;
        expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
        const selector = (await page.getByRole('button', { name: 'Select campaign' }).boundingBox())!;
        expect(overlaps(selector)).toBe(false);
      }
      expect(overlaps((await page.getByTestId('credit-badge').first().boundingBox())!)).toBe(false);
      await shot(page, `rough-first-screen-${label}`);
      if (phone) {
        await addPhoto.click();
        await expect(page.getByText('Add product photos')).toBeVisible();
        await shot(page, `rough-first-screen-photos-open-${label}`);
        await page.getByTestId('no-product-photo').getByRole('button', { name: 'Hide' }).click();
        await expect(page.getByText('Add product photos')).toBeHidden();
      }

      // The sample prompts show once (as suggestions), not twice.
      await expect(page.getByText('Hero shot on a marble counter, soft morning light', { exact: true })).toHaveCount(1);
      // The music button says what it is, on a phone too.
      await expect(page.getByRole('button', { name: 'Make music for this campaign' })).toContainText('Music');

      // Typing on a phone: the photos and settings fold into one line, and the thread keeps most of the screen.
      await input.click();
      if (phone) {
        await expect(page.getByTestId('dock-compact')).toBeVisible();
        const thread = (await page.getByRole('log', { name: 'Conversation' }).boundingBox())!;
        expect(thread.height).toBeGreaterThan(viewport.height * 0.45);
      }
      await shot(page, `rough-typing-${label}`);
      await expectSeriousA11yClean(page);
    });

    test(`product photos show in the folded bar and come off from there (${label})`, async ({ page }) => {
      await signUpWithProject(page, `photos-${label}`, 'Lavender Soap');
      await uploadProductPhoto(page);
      // With a photo the panel folds to one bar, which shows the photo itself.
      const thumbs = page.getByTestId('product-photo-thumb');
      await expect(thumbs).toHaveCount(1);
      await expect(thumbs.getByRole('img', { name: 'Product photo 1' })).toBeVisible();
      await expect.poll(() => thumbs.getByRole('img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await shot(page, `rough-photo-bar-${label}`);
      await expectSeriousA11yClean(page);

      // The Generate panel's time comes from what the server's recent generations took.
      await page.getByRole('tab', { name: 'Generate' }).click();
      const panel = page.getByTestId('generate-panel');
      await panel.getByRole('radiogroup', { name: /template/i }).getByRole('radio').first().check();
      await panel.getByRole('button', { name: /^Generate/ }).click();
      await expect(panel.getByTestId('generate-result').locator('img')).toBeVisible({ timeout: 60_000 });
      await expect(panel.getByText(/Estimated time: about \d+ seconds?/)).toBeVisible();
      await shot(page, `rough-estimate-${label}`);
      await page.getByRole('tab', { name: 'Chat' }).click();

      await page.getByRole('button', { name: 'Remove product photo 1' }).click();
      await expect(thumbs).toHaveCount(0);
      await expect(page.getByTestId('no-product-photo')).toBeVisible();
    });

    test(`the scene detail edits, follows new assets, downloads by the server's name; music is no cover (${label})`, async ({ page }) => {
      test.setTimeout(180_000);
      await signUpWithProject(page, `detail-${label}`, 'Lavender Soap');
      const ids = await currentIds(page);
      const image = await generate(page, ids, 'image', 'lavender soap bar on a linen towel');
      await generate(page, ids, 'audio', 'calm acoustic guitar');
      await page.reload();
      await expectStoryboard(page, phone);

      // The music made last is not the cover: the card and the timeline show the picture.
      const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
      await expect(card.locator(`img[src*="${image}"]`).first()).toBeVisible({ timeout: 30_000 });
      await expect(card.locator('audio')).toHaveCount(0);
      // Moving a campaign has its own worded buttons, unlike the picture's arrows.
      await expect(card.getByRole('button', { name: 'Move later' })).toContainText('Later');
      await expect(card.getByRole('button', { name: 'Move earlier' })).toContainText('Earlier');

      await card.getByRole('button', { name: 'Open Campaign 1' }).click();
      const detail = page.getByTestId('scene-detail');
      await expect(detail.getByText('Asset 1 of 2')).toBeVisible();
      // The actions carry their names on a phone too.
      for (const name of ['Set as cover', 'Edit image', 'Copy link', 'Download', 'Delete asset']) {
        await expect(detail.getByText(name, { exact: true })).toBeVisible();
      }
      await shot(page, `rough-detail-${label}`);

      // Downloads are saved under the server's one name.
      const download = detail.getByRole('link', { name: 'Download' });
      await expect(download).toHaveAttribute('href', `/api/media/download/${image}`);
      const served = await page.request.get(`/api/media/download/${image}`);
      const disposition = served.headers()['content-disposition'] ?? '';
      const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(disposition).toContain(saved.suggestedFilename());

      // Edit image: the picture on a dark stage, a stroke, Enter, and the edited asset shows.
      await detail.getByRole('button', { name: 'Edit image' }).click();
      const editor = page.getByTestId('image-editor');
      const picture = editor.locator('img');
      await expect.poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
      const canvas = editor.locator('canvas');
      const box = (await canvas.boundingBox())!;
      expect(box.height).toBeGreaterThan(200);
      await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.5);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.55, { steps: 8 });
      await page.mouse.up();
      const prompt = editor.getByRole('textbox', { name: 'Describe the change' });
      await prompt.fill('add a sprig of lavender');
      await prompt.press('Shift+Enter');
      await prompt.pressSequentially('on top');
      await expect(prompt).toHaveValue('add a sprig of lavender\non top');
      await shot(page, `rough-detail-editor-${label}`);
      await prompt.press('Enter');
      await expect(editor).toBeHidden({ timeout: 60_000 });
      await expect(detail.getByText('Asset 3 of 3')).toBeVisible({ timeout: 30_000 });
      await expect(detail.getByText('add a sprig of lavender')).toBeVisible();
      await shot(page, `rough-detail-edited-${label}`);

      // A generation made elsewhere (another tab) while the detail is open: the detail follows it.
      const newest = await generate(page, ids, 'image', 'lavender soap in a gift box');
      await expect(detail.getByText('Asset 4 of 4')).toBeVisible({ timeout: 30_000 });
      await expect(detail.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/media/download/${newest}`);
      await expectSeriousA11yClean(page);
    });

    test(`Escape after Download closes only the viewer and gives the focus back (${label})`, async ({ page }) => {
      test.setTimeout(120_000);
      await signUpWithProject(page, `viewer-${label}`, 'Lavender Soap');
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill('lavender soap on a slate tile');
      await input.press('Enter');
      const conversation = page.getByRole('log', { name: 'Conversation' });
      await conversation.getByRole('button', { name: /Generate Image/ }).last().click();
      const opener = conversation.locator('button[aria-haspopup="dialog"]:has(img[src*="/api/media/file/"])').first();
      await expect(opener).toBeVisible({ timeout: 60_000 });
      await opener.click();

      const viewer = page.getByRole('dialog', { name: 'Media viewer' });
      await expect(viewer).toBeVisible();
      // Through the server's attachment route, so the file gets the server's one name.
      const download = viewer.getByRole('link', { name: 'Download' });
      await expect(download).toHaveAttribute('href', /^\/api\/media\/download\//);
      await Promise.all([page.waitForEvent('download'), download.click()]);
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await expect(page.getByRole('dialog', { name: 'Credit Balance' })).toHaveCount(0);
      await expect(opener).toBeFocused();
      await shot(page, `rough-viewer-closed-${label}`);
      // A pointer that does move onto the badge still opens its panel.
      if (!phone) {
        await page.mouse.move(200, 600, { steps: 4 });
        await page.getByTestId('credit-badge').first().hover();
        await expect(page.getByRole('dialog', { name: 'Credit Balance' })).toBeVisible();
      }
    });

    test(`every simple page has one header with the way back to the studio; signing out offers sign-in (${label})`, async ({ page }) => {
      await signUpWithProject(page, `pages-${label}`, 'Lavender Soap');
      for (const path of ['/pricing', '/account', '/transactions']) {
        await page.goto(path);
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav).toBeVisible();
        await expect(page.getByRole('banner')).toHaveCount(1);
        await expect(nav.getByRole('link', { name: 'Studio' })).toBeVisible();
        await shot(page, `rough-header${path.replace('/', '-')}-${label}`);
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Studio' }).click();
      await expect(page).toHaveURL(/\/create/);
      await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');

      // This browser has signed in: signing out shows the sign-in form.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
      await shot(page, `rough-signed-out-${label}`);
    });
  });
}
