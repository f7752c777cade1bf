import { expect, test, type Page } from '@playwright/test';
import { encodePng, productPhoto, shot, signUpWithProject } from './support/fixtures';
import { decodeImage, rgb, type Pixels } from './support/png';
import { unzip } from './support/zip';
import { readFileSync } from 'node:fs';

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
  const projects = (await (await page.request.get('/api/projects')).json()) as {
    data: { id: string; name: string }[];
  };
  const projectId = projects.data.find((p) => p.name === 'Roast Co')!.id;
  const scenes = (await (await page.request.get(`/api/projects/${projectId}/scenes`)).json()) as { data: { id: string; name: string }[] };
  const sceneId = scenes.data.find((s) => s.name === 'Campaign 1')!.id;
  const uploaded = await page.request.post('/api/reference-images/upload-proxy', {
    headers: { Origin: origin },
    multipart: {
      file: {
        name: 'cup.png',
        mimeType: 'image/png',
        buffer: productPhoto([40, 90, 160]),
      },
      projectId,
      sceneId,
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const started = await page.request.post('/api/generate/image', {
    headers: { Origin: origin },
    data: {
      project_id: projectId,
      scene_id: sceneId,
      prompt: 'blue cup on a wooden table',
      context: {
        pre_production_settings: { quality: 'low', resolution: '1024x1024' },
      },
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const jobId = ((await started.json()) as { data: { job_id: string } }).data.job_id;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${jobId}/status`)).json()) as { data: { status: string } }).data.status, { timeout: 60_000 })
    .toBe('completed');
}

/** The brand kit, from the storyboard: the logo's colours become the chips; the heading font is chosen. */
async function brandKitFromLogo(page: Page, screenshot: string): Promise<void> {
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
  await shot(page, screenshot);
  await page.keyboard.press('Escape');
  await expect(kit).toBeHidden();
}

for (const view of views) {
  test(`brand kit from a logo, an ad on a picture, its headline edited (${view.name})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(view.viewport);
    await signUpWithProject(page, `ads-${view.name}`, 'Roast Co');
    await generatedImage(page);
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();

    await brandKitFromLogo(page, `ads-brand-kit-${view.name}`);

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

test('an ad from the Generate panel after its image, shown whole on the storyboard card (desktop)', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(views[0]!.viewport);
  await signUpWithProject(page, 'ads-panel-desktop', 'Roast Co');
  await page.getByRole('tab', { name: 'Generate' }).click();
  const panel = page.getByTestId('generate-panel');
  await panel.getByTestId('reference-image-input').setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: productPhoto([40, 90, 160]) });
  await expect(panel.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
  await panel.getByRole('radio', { name: 'Templates' }).check();
  await panel
    .getByRole('radiogroup', { name: /template/i })
    .getByRole('radio')
    .first()
    .check();
  // Square: the picture fills the card's square frame, so only the design's inset keeps its
  // headline from under the card's corner button.
  await panel
    .getByRole('radiogroup', { name: 'Aspect Ratio' })
    .getByRole('radio', { name: /Square/ })
    .click();
  await panel.getByRole('button', { name: /^Generate/ }).click();
  const picture = panel.getByTestId('generate-result').locator('img').first();
  await expect(picture).toBeVisible({ timeout: 60_000 });

  // The Ad step under the image: the proposed copy, edited, set in the brand kit for free.
  await panel.getByRole('button', { name: 'Make an ad from this image' }).click();
  const form = panel.getByRole('form', { name: 'Make an ad' });
  await expect(form.getByLabel('Headline')).toBeVisible({ timeout: 15_000 });
  await form.getByLabel('Headline').fill('Fresh cups all weekend');
  await form.getByLabel('Offer').fill('20% off');
  await form.getByLabel('Layout').selectOption('headline_top_left');
  await form.getByRole('button', { name: 'Make ad' }).click();
  const ad = panel.getByRole('img', { name: 'Ad: Fresh cups all weekend' });
  await expect(ad).toBeVisible({ timeout: 30_000 });
  await expect(ad).toHaveJSProperty('complete', true);
  expect(await ad.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(panel.getByText(/Your ad is on the storyboard/)).toBeVisible();

  // The storyboard opened the campaign on the ad; back on the grid, its card shows the ad
  // whole, below the reorder button over the card's corner
  // (the headline starts at the design's top-left).
  const designId = new URL((await ad.getAttribute('src'))!, page.url()).pathname.split('/').pop()!;
  const detail = page.getByTestId('scene-detail');
  await expect(detail.getByText('Asset 2 of 2')).toBeVisible({ timeout: 30_000 });
  await detail.getByRole('button', { name: 'Back' }).click();
  const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
  const shown = card.locator(`img[src*="${designId}"]`);
  await expect(shown).toBeVisible({ timeout: 30_000 });
  await expect(shown).toHaveJSProperty('complete', true);
  const grip = (await card.getByRole('button', { name: 'Reorder Campaign 1' }).boundingBox())!;
  const image = (await shown.boundingBox())!;
  const [width, height] = await shown.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  // object-fit: contain: where the picture itself is drawn inside the element's box.
  const scale = Math.min(image.width / width!, image.height / height!);
  const top = image.y + (image.height - height! * scale) / 2;
  const left = image.x + (image.width - width! * scale) / 2;
  expect(top >= grip.y + grip.height || left >= grip.x + grip.width, `the design (${left}, ${top}) is clear of the button`).toBe(true);
  await shot(page, 'ads-panel-desktop');
});

interface StoryboardMedia {
  id: string;
  file_metadata: { design?: { copy: { headline: string } } | null };
}

/** Campaign 1's pictures on the storyboard: the clean one and the ad set on it. */
async function cleanAndAd(page: Page): Promise<{ clean: string; ad: string }> {
  const projects = (await (await page.request.get('/api/projects')).json()) as {
    data: { id: string; name: string }[];
  };
  const projectId = projects.data.find((p) => p.name === 'Roast Co')!.id;
  const board = (await (await page.request.get(`/api/projects/${projectId}/storyboard`)).json()) as { data: { scenes: { media: StoryboardMedia[] }[] } };
  const media = board.data.scenes[0]!.media;
  return {
    clean: media.find((m) => !m.file_metadata.design)!.id,
    ad: media.find((m) => m.file_metadata.design)!.id,
  };
}

/** Exports the picture `id` to `targets` through the API; the files by target, decoded. */
async function exportedPictures(page: Page, id: string, targets: string[]): Promise<Map<string, Pixels>> {
  const started = await page.request.post(`/api/media/${id}/exports`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { targets },
  });
  expect(started.status(), await started.text()).toBe(202);
  const jobId = ((await started.json()) as { data: { job_id: string } }).data.job_id;
  let files: { target: string; download_url: string }[] = [];
  await expect
    .poll(
      async () => {
        const view = (
          (await (await page.request.get(`/api/exports/${jobId}`)).json()) as {
            data: { status: string; files: typeof files };
          }
        ).data;
        files = view.files;
        return view.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  const out = new Map<string, Pixels>();
  for (const file of files) out.set(file.target, decodeImage(await (await page.request.get(file.download_url)).body()));
  return out;
}

/** How many pixels differ clearly between two pictures of one size (JPEG noise aside). */
function changedPixels(a: Pixels, b: Pixels): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let changed = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const [p, q] = [rgb(a, x, y), rgb(b, x, y)];
      if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 120) changed++;
    }
  }
  return changed;
}

async function sendMessage(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

for (const view of views) {
  test(`an ad asked for in the chat, edited in the detail view, exported for Instagram and Amazon (${view.name})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(view.viewport);
    await signUpWithProject(page, `adchat-${view.name}`, 'Roast Co');
    await generatedImage(page);
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();
    await brandKitFromLogo(page, `adchat-brand-kit-${view.name}`);
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Chat' }).click();

    // The assistant proposes the copy in the seller's words and sets it on the picture.
    await sendMessage(page, 'make an Instagram ad for the weekend sale with 20% off');
    const conversation = page.getByRole('log', { name: 'Conversation' });
    await expect(conversation.getByText(/the headline “The weekend sale is on”, the offer “20% off” and a “Shop the sale” button/)).toBeVisible({
      timeout: 15_000,
    });
    const inChat = conversation.locator('img[alt="The weekend sale is on"]');
    await inChat.scrollIntoViewIfNeeded();
    await expect(inChat).toHaveJSProperty('complete', true);
    expect(await inChat.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, `adchat-chat-${view.name}`);

    // On the storyboard, the ad is the campaign's second picture; its headline is edited there.
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();
    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    await card.getByRole('button', { name: 'Open Campaign 1' }).click();
    const detail = page.getByTestId('scene-detail');
    await expect(detail).toBeVisible();
    const editor = detail.getByRole('form', { name: 'Ad text' });
    if (!(await editor.isVisible())) await detail.getByRole('button', { name: 'Next asset' }).click();
    await expect(detail.getByText('Asset 2 of 2')).toBeVisible();
    await expect(editor.getByLabel('Headline')).toHaveValue('The weekend sale is on');
    await expect(editor.getByLabel('Offer')).toHaveValue('20% off');
    await editor.getByLabel('Headline').fill('Last weekend of the sale');
    await editor.getByRole('button', { name: 'Update ad' }).click();
    await expect(detail.getByText('Last weekend of the sale', { exact: true })).toBeVisible({ timeout: 30_000 });
    await detail.getByRole('button', { name: 'Back' }).scrollIntoViewIfNeeded();
    await shot(page, `adchat-edited-${view.name}`);

    // Exported from the detail view: the Amazon main image says it is the clean picture.
    await detail.getByRole('button', { name: 'Export' }).click();
    const sheet = page.getByRole('dialog', {
      name: 'Export for marketplaces and social',
    });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Instagram' }).click();
    await expect(sheet.getByRole('checkbox', { name: /Instagram story/ })).toBeChecked();
    await expect(sheet.getByRole('checkbox', { name: /Amazon main image/ })).toBeChecked();
    await sheet.getByRole('button', { name: /^Export \d+ files$/ }).click();
    const main = sheet.locator('[data-target="amazon_main"]');
    await expect(main).toBeVisible({ timeout: 60_000 });
    await expect(main).toContainText('clean picture');
    await expect(sheet.locator('[data-target="instagram_story"]')).toBeVisible();
    await shot(page, `adchat-export-${view.name}`);

    // The downloaded files: feed and story carry the ad's words (they differ from the clean
    // picture's own exports), the Amazon main image is the clean product on white.
    const downloading = page.waitForEvent('download');
    await sheet.getByRole('link', { name: 'Download all (ZIP)' }).click();
    const entries = unzip(readFileSync((await (await downloading).path())!));
    const file = (target: string) => decodeImage([...entries].find(([name]) => name.endsWith(`-${target}.jpg`))![1]);
    const { clean } = await cleanAndAd(page);
    const plain = await exportedPictures(page, clean, ['instagram_feed', 'instagram_story', 'amazon_main']);
    for (const target of ['instagram_feed', 'instagram_story']) {
      const ad = file(target);
      const changed = changedPixels(ad, plain.get(target)!);
      expect(changed, `${target}: the ad's text`).toBeGreaterThan(ad.width * ad.height * 0.005);
    }
    const amazon = file('amazon_main');
    expect(changedPixels(amazon, plain.get('amazon_main')!), 'the Amazon main image has no text').toBeLessThan(amazon.width * amazon.height * 0.001);
    expect(rgb(amazon, 5, 5)).toEqual([255, 255, 255]);
  });
}
