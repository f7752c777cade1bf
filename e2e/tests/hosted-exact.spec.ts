import { expect, test, type Locator } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { productPhoto, shot, signUpWithProject } from './support/fixtures';
import { startImagesMock } from './support/openai';
import { startStudio, type Studio } from './support/server';

// A server whose images come from a hosted model (a stand-in for OpenAI's Images API that
// answers every call with a magenta picture at another size than asked).
let images: Awaited<ReturnType<typeof startImagesMock>>;
let studio: Studio;
test.beforeAll(async () => {
  images = await startImagesMock();
  studio = await startStudio({
    env: { STUDIO_IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test-exact', OPENAI_BASE_URL: images.baseUrl },
  });
});
test.afterAll(async () => {
  await studio?.stop();
  await images?.stop();
});

/** The shares of the stand-in's magenta and of the product's green in the picture as the browser decoded it. */
async function colourShares(image: Locator): Promise<{ magenta: number; green: number }> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 60_000 }).toBe(true);
  return image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 96;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(img, 0, 0, canvas.width, canvas.height);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let magenta = 0;
    let green = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      if (r > 150 && g < 90 && b > 110) magenta += 1;
      if (g > r + 40 && g > b + 20) green += 1;
    }
    const total = data.length / 4;
    return { magenta: magenta / total, green: green / total };
  });
}

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`by default the AI paints the scene and the product stays the seller's own (${viewport.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: studio.url, viewport });
    const page = await context.newPage();
    await signUpWithProject(page, `exact-${viewport.name}`, 'Exact Looks');
    await page.getByTestId('reference-image-input').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: productPhoto([30, 150, 90]) });
    await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });

    await page.getByRole('tab', { name: 'Generate' }).click();
    const panel = page.getByTestId('generate-panel');
    const exact = panel.getByRole('radio', { name: 'AI scene, exact product' });
    await expect(exact).toBeChecked();
    await expect(panel.getByRole('radio', { name: 'AI redraw' })).not.toBeChecked();
    await expect(panel.getByRole('radio', { name: 'Studio engine' })).not.toBeChecked();
    await panel.getByRole('radio', { name: 'Templates' }).check();
    await panel.getByRole('radiogroup', { name: /template/i }).getByRole('radio').first().check();
    await exact.scrollIntoViewIfNeeded();
    await shot(page, `exact-1-choice-${viewport.name}`);

    const before = images.requests.length;
    await panel.getByRole('button', { name: /^Generate/ }).click();
    const result = panel.getByTestId('generate-result').locator('img');
    const shares = await colourShares(result);
    // The model's magenta scene around the seller's green product.
    expect(shares.magenta).toBeGreaterThan(0.3);
    expect(shares.green).toBeGreaterThan(0.02);
    const calls = images.requests.slice(before);
    expect(calls).toHaveLength(1);
    // One edit of the staged canvas with a mask protecting the product; the photo itself is not sent.
    expect(calls[0]?.path).toBe('/v1/images/edits');
    expect(calls[0]?.parts).toEqual(expect.arrayContaining(['image', 'mask', 'prompt']));
    expect(calls[0]?.parts).not.toContain('image[]');
    await result.scrollIntoViewIfNeeded();
    await shot(page, `exact-2-result-${viewport.name}`);
    const src = await result.getAttribute('src');
    expect(src).toBeTruthy();
    const file = await page.request.get(src ?? '');
    expect(file.headers()['content-type']).toBe('image/png');
    writeFileSync(`${screenshots}exact-result-image-${viewport.name}.png`, await file.body());

    // The scene detail says who painted the scene and that the product is exact.
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();
    // On a desktop the storyboard opens the campaign on its new image by itself; a phone's
    // storyboard shows the card to open.
    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    const detail = page.getByTestId('scene-detail');
    await expect(detail.or(card)).toBeVisible();
    if (!(await detail.isVisible())) await card.getByRole('button', { name: 'Open Campaign 1' }).click();
    await expect(detail.getByTestId('scene-by')).toHaveText('Scene by gpt-image-1 · product exact');
    await detail.getByTestId('scene-by').scrollIntoViewIfNeeded();
    await shot(page, `exact-3-detail-${viewport.name}`);
    await context.close();
  });
}
