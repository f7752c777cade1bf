import { expect, test, type Locator } from '@playwright/test';
import { productPhoto, shot, signUpWithProject } from './support/fixtures';
import { startImagesMock } from './support/openai';
import { startStudio, type Studio } from './support/server';

// A server whose images come from a hosted model (a stand-in for OpenAI's Images API).
let images: Awaited<ReturnType<typeof startImagesMock>>;
let studio: Studio;
test.beforeAll(async () => {
  images = await startImagesMock();
  studio = await startStudio({
    env: { STUDIO_IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test-e2e', OPENAI_BASE_URL: images.baseUrl },
  });
});
test.afterAll(async () => {
  await studio?.stop();
  await images?.stop();
});

/** The average colour of the result picture as the browser decoded it. */
async function meanColour(image: Locator): Promise<[number, number, number]> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 60_000 }).toBe(true);
  return image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 32;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(img, 0, 0, 32, 32);
    const data = context.getImageData(0, 0, 32, 32).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
    return sum.map((s) => s / (data.length / 4)) as [number, number, number];
  });
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`with a hosted image model the seller chooses per generation whether the AI redraws the picture (${viewport.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: studio.url, viewport });
    const page = await context.newPage();
    await signUpWithProject(page, `hosted-${viewport.name}`, 'Hosted Looks');
    // On a phone a campaign without media opens on the creative panel.
    await page.getByTestId('reference-image-input').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: productPhoto([30, 150, 90]) });
    await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });

    await page.getByRole('tab', { name: 'Generate' }).click();
    const panel = page.getByTestId('generate-panel');
    const redraw = panel.getByRole('radio', { name: 'AI redraw' });
    const studioEngine = panel.getByRole('radio', { name: 'Studio engine' });
    await expect(redraw).toBeVisible();
    await redraw.check();
    await panel.getByRole('radio', { name: 'Templates' }).check();
    await panel.getByRole('radiogroup', { name: /template/i }).getByRole('radio').first().check();
    await shot(page, `hosted-1-toggle-${viewport.name}`);

    // AI redraw: the hosted model draws the whole picture (the stand-in's magenta).
    const before = images.requests.length;
    await panel.getByRole('button', { name: /^Generate/ }).click();
    const result = panel.getByTestId('generate-result').locator('img');
    const [r, g, b] = await meanColour(result);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    expect(b).toBeGreaterThan(130);
    const hostedCalls = images.requests.slice(before);
    expect(hostedCalls).toHaveLength(1);
    // With a product photo the call is an edit carrying the photo, with no mask.
    expect(hostedCalls[0].path).toBe('/v1/images/edits');
    expect(hostedCalls[0].parts).toContain('image[]');
    expect(hostedCalls[0].parts).not.toContain('mask');
    expect(hostedCalls[0].contentType).toContain('multipart/form-data');
    expect(hostedCalls[0].authorization).toBe('Bearer sk-test-e2e');
    const hostedSrc = await result.getAttribute('src');
    await shot(page, `hosted-2-hosted-result-${viewport.name}`);

    // The studio engine, still chosen after a reload: it composites the product and nothing
    // reaches the hosted model.
    await studioEngine.check();
    await page.reload();
    // The campaign has media now: a phone opens on the storyboard.
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Show Chat' }).click();
    await page.getByRole('tab', { name: 'Generate' }).click();
    await expect(studioEngine).toBeChecked();
    await panel.getByRole('radio', { name: 'Templates' }).check();
    await panel.getByRole('radiogroup', { name: /template/i }).getByRole('radio').first().check();
    const afterHosted = images.requests.length;
    await panel.getByRole('button', { name: /^Generate/ }).click();
    await expect(result).not.toHaveAttribute('src', hostedSrc ?? '', { timeout: 60_000 });
    const [r2, g2, b2] = await meanColour(result);
    expect(Math.abs(r2 - 214) + Math.abs(g2 - 40) + Math.abs(b2 - 160)).toBeGreaterThan(120);
    expect(images.requests.length).toBe(afterHosted);
    await shot(page, `hosted-3-studio-result-${viewport.name}`);
    await context.close();
  });
}
