import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { productPhoto, shot, signUpWithProject } from './support/fixtures';
import { unzip } from './support/zip';

const views = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

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
      // A lazy picture below the fold loads once it is scrolled to.
      await preview.scrollIntoViewIfNeeded();
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

/** Starts a generation in Campaign 1 of "Glow Co" through the API and waits for it. */
async function generatedInCampaign(page: Page, path: string, data: Record<string, unknown>): Promise<void> {
  const projects = (await (await page.request.get('/api/projects')).json()) as { data: { id: string; name: string }[] };
  const projectId = projects.data.find((p) => p.name === 'Glow Co')!.id;
  const scenes = (await (await page.request.get(`/api/projects/${projectId}/scenes`)).json()) as { data: { id: string; name: string }[] };
  const sceneId = scenes.data.find((s) => s.name === 'Campaign 1')!.id;
  const started = await page.request.post(path, { headers: { Origin: new URL(page.url()).origin }, data: { project_id: projectId, scene_id: sceneId, ...data } });
  expect(started.status(), await started.text()).toBe(202);
  const jobId = ((await started.json()) as { data: { job_id: string } }).data.job_id;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${jobId}/status`)).json()) as { data: { status: string } }).data.status, { timeout: 120_000 })
    .toBe('completed');
}

/** The streams of a media file, as ffprobe (a reader that is not ours) sees them. */
function streamsOf(path: string): { codec_type: string; codec_name: string; profile?: string; width?: number; height?: number }[] {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile,width,height', '-of', 'json', path]);
  return (JSON.parse(out.toString('utf8')) as { streams: { codec_type: string; codec_name: string; profile?: string }[] }).streams;
}

for (const view of views) {
  test(`export a video as a reel with the campaign's music (${view.name})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(view.viewport);
    await signUpWithProject(page, `reels-${view.name}`, 'Glow Co');
    const settings = { pre_production_settings: { quality: 'low', resolution: '1024x1536' } };
    await generatedInCampaign(page, '/api/generate/video', { prompt: 'slow push-in on an amber serum bottle', duration: 5, context: settings });
    await generatedInCampaign(page, '/api/generate/audio', { prompt: 'warm acoustic jingle' });
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();

    // The campaign's detail, on its video.
    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    await card.getByRole('button', { name: 'Open Campaign 1' }).click();
    const detail = page.getByTestId('scene-detail');
    await expect(detail.getByText(/^Asset \d of 2$/)).toBeVisible({ timeout: 30_000 });
    if ((await detail.locator('video').count()) === 0) await detail.getByRole('button', { name: 'Next asset' }).click();
    await expect(detail.locator('video').first()).toBeVisible();
    await detail.getByRole('button', { name: 'Export' }).click();

    const sheet = page.getByRole('dialog', { name: 'Export a reel with music' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByLabel('Music', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(sheet.getByRole('checkbox', { name: /Reel \(9:16\)/ })).toBeChecked();
    await sheet.getByRole('checkbox', { name: /Square reel/ }).check();
    await shot(page, `reels-choose-${view.name}`);
    await sheet.getByRole('button', { name: 'Export 2 files' }).click();

    const files = sheet.getByTestId('exported-file');
    await expect(files).toHaveCount(2, { timeout: 120_000 });
    const reel = sheet.locator('[data-target="reel"]');
    await expect(reel.getByText(/^All \d+ checks pass$/)).toBeVisible();
    await expect(reel).toContainText('1080×1920');
    await shot(page, `reels-results-${view.name}`);

    // The reel plays in the browser with its sound, where this Chromium has the codecs (Debian's
    // may lack H.264 and AAC); the file itself is read with ffprobe either way.
    const player = reel.locator('video');
    const playable = await player.evaluate((video: HTMLVideoElement) => video.canPlayType('video/mp4; codecs="avc1.42E01E, mp4a.40.2"'));
    if (playable !== '') {
      await player.evaluate(async (video: HTMLVideoElement) => {
        video.muted = true;
        await video.play();
      });
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => (video as HTMLVideoElement & { webkitAudioDecodedByteCount: number }).webkitAudioDecodedByteCount), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
    }

    const downloading = page.waitForEvent('download');
    await reel.getByRole('link', { name: /^Download / }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('glow-co-campaign-1-reel.mp4');
    const streams = streamsOf((await download.path())!);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', profile: 'LC' });
  });
}

for (const view of views) {
  test(`export a video as a reel from its storyboard card (${view.name})`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize(view.viewport);
    await signUpWithProject(page, `card-reels-${view.name}`, 'Glow Co');
    const settings = { pre_production_settings: { quality: 'low', resolution: '1024x1536' } };
    await generatedInCampaign(page, '/api/generate/video', { prompt: 'slow push-in on an amber serum bottle', duration: 5, context: settings });
    await generatedInCampaign(page, '/api/generate/audio', { prompt: 'warm acoustic jingle' });
    if (view.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();

    // Music never becomes a cover: the card shows the video, with Export in its footer.
    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    await expect(card.getByText('2 assets')).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Export' }).click();

    // The sheet finds the campaign's music by itself.
    const sheet = page.getByRole('dialog', { name: 'Export a reel with music' });
    await expect(sheet.getByLabel('Music', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(sheet.getByRole('option', { name: /^Music 1/ })).toBeAttached();
    await expect(sheet.getByRole('checkbox', { name: /Reel \(9:16\)/ })).toBeChecked();
    await shot(page, `card-reels-choose-${view.name}`);
    await sheet.getByRole('button', { name: 'Export 1 file' }).click();

    const reel = sheet.locator('[data-target="reel"]');
    // Encoding a reel takes a while on a busy machine: wait for the file, not for a time.
    await expect(sheet.getByTestId('exported-file')).toHaveCount(1, { timeout: 240_000 });
    await expect(reel.getByText(/^All \d+ checks pass$/)).toBeVisible();
    await expect(reel.getByRole('list', { name: 'Reel (9:16) checks' }).getByRole('listitem')).not.toHaveCount(0);
    await expect(reel).toContainText('1080×1920');
    await shot(page, `card-reels-results-${view.name}`);

    const downloading = page.waitForEvent('download');
    await reel.getByRole('link', { name: /^Download / }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('glow-co-campaign-1-reel.mp4');
    const streams = streamsOf((await download.path())!);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', profile: 'LC' });
  });
}
