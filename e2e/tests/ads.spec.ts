import { expect, test, type Page } from '@playwright/test';
import { encodePng, productPhoto, shot, signUpWithProject } from './support/fixtures';

const views = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** A two-tone logo: a rust square with a cream core. */
function logo(): Buffer {
  return encodePng(200, 200, (x, y) => (Math.abs(x - 100) < 45 && Math.abs(y - 100) < 45 ? [255, 244, 230] : [196, 74, 24]));
}

/** An image of Campaign 1 made from a product photo, through the API as another tab would. */
async function generatedImage(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const projects = (await (await page.request.get('/api/projects')).json()) as { data: { id: string; name: string }[] };
  const projectId = projects.data.find((p) => p.name === 'Roast Co')!.id;
  const scenes = (await (await page.request.get(`/api/projects/${projectId}/scenes`)).json()) as { data: { id: string; name: string }[] };
  const sceneId = scenes.data.find((s) => s.name === 'Campaign 1')!.id;
  const uploaded = await page.request.post('/api/reference-images/upload-proxy', {
    headers: { Origin: origin },
    multipart: { file: { name: 'cup.png', mimeType: 'image/png', buffer: productPhoto([40, 90, 160]) }, projectId, sceneId },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const started = await page.request.post('/api/generate/image', {
    headers: { Origin: origin },
    data: {
      project_id: projectId,
      scene_id: sceneId,
      prompt: 'blue cup on a wooden table',
      context: { pre_production_settings: { quality: 'low', resolution: '1024x1024' } },
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const jobId = ((await started.json()) as { data: { job_id: string } }).data.job_id;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${jobId}/status`)).json()) as { data: { status: string } }).data.status, { timeout: 60_000 })
    .toBe('completed');
}

for (const view of views) {
  test(`brand kit from a logo, an ad on a picture, its headline edited (${view.name})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(view.viewport);
    await signUpWithProject(page, `ads-${view.name}`, 'Roast Co');
    await generatedImage(page);
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();

    // The brand kit: the logo's colours become the chips; the heading font is chosen.
    await page.getByRole('button', { name: 'Brand kit' }).click();
    const kit = page.getByRole('dialog', { name: 'Brand kit' });
    await expect(kit).toBeVisible();
    await kit.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo() });
    await expect(kit.getByAltText('Your logo')).toBeVisible();
    await expect(kit.getByLabel('Colour 1')).toHaveValue('#c44a18');
    await expect(kit.getByLabel('Colour 2')).toHaveValue('#fff4e6');
    await kit.getByLabel('Heading font').selectOption('Inter');
    await kit.getByLabel('Tagline').fill('Roasted this morning');
    await kit.getByRole('button', { name: 'Save brand kit' }).click();
    await expect(kit.getByText('Saved')).toBeVisible();
    await shot(page, `ads-brand-kit-${view.name}`);
    await page.keyboard.press('Escape');
    await expect(kit).toBeHidden();

    // An ad on the picture, from the campaign detail.
    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    await expect(card.locator('img').first()).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Open Campaign 1' }).click();
    const detail = page.getByTestId('scene-detail');
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: 'Make an ad' }).click();
    const form = detail.getByRole('form', { name: 'Make an ad' });
    await form.getByLabel('Headline').fill('Fresh cups all weekend');
    await form.getByLabel('Offer').fill('20% off');
    await form.getByLabel('Call to action').fill('Shop now');
    await form.getByLabel('Layout').selectOption('bottom_bar');
    await shot(page, `ads-form-${view.name}`);
    await form.getByRole('button', { name: 'Make ad' }).click();

    // The design is the campaign's new asset, with its words editable.
    const editor = detail.getByRole('form', { name: 'Ad text' });
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await expect(editor.getByLabel('Headline')).toHaveValue('Fresh cups all weekend');
    await expect(detail.getByText('Asset 2 of 2')).toBeVisible();
    await detail.getByRole('button', { name: 'Back' }).scrollIntoViewIfNeeded();
    await shot(page, `ads-design-${view.name}`);
    await editor.getByLabel('Headline').fill('Last day: fresh cups for less');
    await editor.getByRole('button', { name: 'Update ad' }).click();
    // Set again in place: the same asset, its words now the new headline.
    await expect(detail.getByText('Last day: fresh cups for less', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(editor.getByLabel('Headline')).toHaveValue('Last day: fresh cups for less');
    await expect(detail.getByText('Asset 2 of 2')).toBeVisible();
    await detail.getByRole('button', { name: 'Back' }).scrollIntoViewIfNeeded();
    await shot(page, `ads-edited-${view.name}`);
  });
}
