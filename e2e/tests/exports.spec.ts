import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { productPhoto, shot, signUpWithProject } from './support/fixtures';

const views = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** The entries of a ZIP file, read from its central directory (stored or deflated entries). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** An image of Campaign 1 made from a product photo, through the API as another tab would. */
async function generatedImage(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const projects = (await (await page.request.get('/api/projects')).json()) as { data: { id: string; name: string }[] };
  const projectId = projects.data.find((p) => p.name === 'Glow Co')!.id;
  const scenes = (await (await page.request.get(`/api/projects/${projectId}/scenes`)).json()) as { data: { id: string; name: string }[] };
  const sceneId = scenes.data.find((s) => s.name === 'Campaign 1')!.id;
  const uploaded = await page.request.post('/api/reference-images/upload-proxy', {
    headers: { Origin: origin },
    multipart: {
      file: { name: 'serum.png', mimeType: 'image/png', buffer: productPhoto([176, 98, 28]) },
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
      prompt: 'amber serum bottle on warm marble',
      context: { pre_production_settings: { quality: 'low', resolution: '1024x1536' } },
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const jobId = ((await started.json()) as { data: { job_id: string } }).data.job_id;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${jobId}/status`)).json()) as { data: { status: string } }).data.status, { timeout: 60_000 })
    .toBe('completed');
}

for (const view of views) {
  test(`export an image for Amazon and Instagram, then download the ZIP (${view.name})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(view.viewport);
    await signUpWithProject(page, `exports-${view.name}`, 'Glow Co');
    await generatedImage(page);
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();

    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    await expect(card.locator('img').first()).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Export' }).click();

    const sheet = page.getByRole('dialog', { name: 'Export for marketplaces and social' });
    await expect(sheet).toBeVisible();
    // "Amazon listing" is chosen to begin with; "Instagram" adds the feed post and the story.
    await expect(sheet.getByRole('button', { name: 'Amazon listing' })).toHaveAttribute('aria-pressed', 'true');
    await sheet.getByRole('button', { name: 'Instagram' }).click();
    await expect(sheet.getByRole('checkbox', { name: /Instagram story/ })).toBeChecked();
    await expect(sheet.getByRole('checkbox', { name: /Amazon main image/ })).toBeChecked();
    await expect(sheet.getByRole('checkbox', { name: /Etsy listing photo/ })).not.toBeChecked();
    await shot(page, `exports-choose-${view.name}`);
    await sheet.getByRole('button', { name: 'Export 5 files' }).click();

    const files = sheet.getByTestId('exported-file');
    await expect(files).toHaveCount(5, { timeout: 60_000 });
    for (const target of ['amazon_main', 'amazon_lifestyle', 'instagram_feed', 'instagram_story', 'transparent_png']) {
      const file = sheet.locator(`[data-target="${target}"]`);
      await expect(file.getByText(/^All \d+ checks pass$/)).toBeVisible();
      // The preview picture (the checks' ticks are images too, drawn inline).
      const preview = file.locator('img');
      await expect(preview).toHaveJSProperty('complete', true);
      expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(sheet.locator('[data-target="amazon_main"]')).toContainText('pure white (255, 255, 255) everywhere outside the product');
    await expect(sheet.locator('[data-target="instagram_story"]')).toContainText('the safe area is 250–1670');
    await shot(page, `exports-results-${view.name}`);
    await sheet.getByTestId('export-sheet').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shot(page, `exports-results-end-${view.name}`);

    // One file on its own, under its listing name.
    const single = page.waitForEvent('download');
    await sheet.getByRole('link', { name: 'Download Amazon main image' }).click();
    expect((await single).suggestedFilename()).toBe('glow-co-campaign-1-amazon_main.jpg');

    // Download all: the ZIP holds the five files and the manifest.
    const downloading = page.waitForEvent('download');
    await sheet.getByRole('link', { name: 'Download all (ZIP)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('glow-co-campaign-1-export.zip');
    const entries = unzip(readFileSync((await download.path())!));
    const names = [...entries.keys()].sort();
    expect(names).toEqual(
      [
        'glow-co-campaign-1-amazon_lifestyle.jpg',
        'glow-co-campaign-1-amazon_main.jpg',
        'glow-co-campaign-1-instagram_feed.jpg',
        'glow-co-campaign-1-instagram_story.jpg',
        'glow-co-campaign-1-transparent_png.png',
        'manifest.json',
      ].sort(),
    );
    for (const [name, bytes] of entries) {
      if (name.endsWith('.jpg')) expect([...bytes.subarray(0, 3)], name).toEqual([0xff, 0xd8, 0xff]);
      if (name.endsWith('.png')) expect(bytes.subarray(1, 4).toString('ascii'), name).toBe('PNG');
    }
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { files: { file: string; checks: { ok: boolean }[] }[] };
    expect(manifest.files).toHaveLength(5);
    expect(manifest.files.every((f) => f.checks.length > 0 && f.checks.every((c) => c.ok))).toBe(true);
  });
}
