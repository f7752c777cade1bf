import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { productPhoto, shot, signUpWithProject } from './support/fixtures';
import { unzip } from './support/zip';

const BRIEF = 'amber serum on warm marble with eucalyptus sprigs';

const badge = (page: Page) => page.getByTestId('credit-badge').first();

async function expectDecoded(image: Locator) {
  await expect(image).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
}

/** The asset id in a media URL (`/api/media/file/{id}…`). */
function assetIdOf(src: string | null): string {
  const match = /\/api\/media\/file\/([0-9a-f-]{36})/.exec(src ?? '');
  expect(match, `no asset id in ${src}`).not.toBeNull();
  return match![1]!;
}

for (const [label, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`four variations, one chosen as the cover, and the brief recalled (${label})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const phone = label === 'phone';
    await signUpWithProject(page, `variations-${label}`, 'Serum Launch');
    await expect(badge(page)).toContainText('100', { timeout: 30_000 });

    // The Generate panel: a product photo, the AI Assistant with a brief, four variations.
    await page.getByRole('tab', { name: 'Generate' }).click();
    const panel = page.getByTestId('generate-panel');
    await expect(panel).toBeVisible();
    await panel.getByTestId('reference-image-input').setInputFiles({ name: 'amber-serum.png', mimeType: 'image/png', buffer: productPhoto([201, 120, 32]) });
    await expect(panel.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
    await panel.getByRole('radio', { name: 'AI Assistant' }).check();
    await panel.getByRole('textbox', { name: /Creative Direction/ }).fill(BRIEF);
    await panel.getByRole('radio', { name: '4 variations' }).check();
    await expect(panel.getByText('4 pictures to choose from, 4 credits')).toBeVisible();
    const started = page.waitForResponse((response) => response.url().endsWith('/api/recommendations/generate'));
    await panel.getByRole('button', { name: /^Generate/ }).click();
    const answer = await started;
    expect(answer.status(), await answer.text()).toBe(202);
    const jobIds = ((await answer.json()) as { data: { job_ids: string[] } }).data.job_ids;
    expect(jobIds).toHaveLength(4);

    // The set arrives as a choice grid of four different pictures.
    const grid = panel.getByTestId('variation-grid');
    const choices = grid.getByRole('button', { name: /^Choose variation \d as the cover$/ });
    await expect(choices).toHaveCount(4, { timeout: 90_000 });
    await expect(grid.getByRole('heading', { name: 'Choose your favourite' })).toBeVisible();
    const sources = await grid.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src')));
    expect(new Set(sources.map(assetIdOf))).toEqual(new Set(jobIds));
    for (const image of await grid.locator('img').all()) await expectDecoded(image);
    await expect(badge(page)).toContainText('96', { timeout: 30_000 });
    await grid.scrollIntoViewIfNeeded();
    await shot(page, `variations-grid-${label}`);

    // Choosing the third makes it the campaign's cover; the others stay in the campaign.
    const third = choices.nth(2);
    const chosen = assetIdOf(await third.locator('img').getAttribute('src'));
    const saved = page.waitForResponse((response) => response.url().includes('/active-asset') && response.request().method() === 'PUT');
    await third.click();
    expect((await saved).status()).toBe(200);
    await expect(grid.getByRole('button', { name: "Variation 3, the campaign's cover" })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, `variations-chosen-${label}`);
    // The panel moves on to something else, so that recalling the brief has something to undo.
    await panel.getByRole('textbox', { name: /Creative Direction/ }).fill('a different idea');
    await panel.getByRole('radio', { name: 'Templates' }).check();

    if (phone) await page.getByRole('button', { name: 'Show Storyboard' }).click();
    // A desktop storyboard opened the campaign's detail when the set started: back to the cards.
    const back = page.getByTestId('scene-detail').getByRole('button', { name: 'Back' });
    if (await back.isVisible()) await back.click();
    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    await expect(card.locator('img').first()).toHaveAttribute('src', new RegExp(chosen), { timeout: 30_000 });
    await page.reload();
    if (phone) {
      const storyboard = page.getByRole('button', { name: 'Show Storyboard' });
      if (await storyboard.isVisible()) await storyboard.click();
    }
    await expect(card.locator('img').first()).toHaveAttribute('src', new RegExp(chosen), { timeout: 30_000 });

    // The scene detail opens on the cover and says how it was made.
    await card.getByRole('button', { name: 'Open Campaign 1' }).click();
    const detail = page.getByTestId('scene-detail');
    await expect(detail.getByText(/^Asset \d of 4$/)).toBeVisible();
    await expect(detail.getByText('Cover', { exact: true })).toBeVisible();
    await expect(detail.getByRole('link', { name: 'Download' })).toHaveAttribute('href', new RegExp(chosen));
    const recipe = detail.getByRole('region', { name: 'How this was made' });
    await expect(recipe.getByTestId('recalled-brief')).toHaveText(BRIEF);
    await expect(recipe.getByText('AI Assistant')).toBeVisible();
    await expect(recipe.getByText('Seed')).toBeVisible();
    await recipe.scrollIntoViewIfNeeded();
    await shot(page, `variations-recipe-${label}`);

    // The chosen picture goes out as an Amazon listing and an Instagram set, in one ZIP.
    await detail.getByRole('button', { name: 'Export' }).click();
    const sheet = page.getByRole('dialog', { name: 'Export for marketplaces and social' });
    await sheet.getByRole('button', { name: 'Instagram' }).click();
    await sheet.getByRole('button', { name: 'Export 5 files' }).click();
    await expect(sheet.getByTestId('exported-file')).toHaveCount(5, { timeout: 60_000 });
    await expect(sheet.locator('[data-target="amazon_main"]').getByText(/^All \d+ checks pass$/)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await sheet.getByRole('link', { name: 'Download all (ZIP)' }).click();
    const entries = unzip(readFileSync((await (await downloading).path())!));
    expect([...entries.keys()].sort()).toEqual(
      ['amazon_lifestyle.jpg', 'amazon_main.jpg', 'instagram_feed.jpg', 'instagram_story.jpg', 'transparent_png.png']
        .map((file) => `serum-launch-campaign-1-${file}`)
        .concat('manifest.json')
        .sort(),
    );
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { source_asset_id: string };
    expect(manifest.source_asset_id).toBe(chosen);
    await shot(page, `variations-exported-${label}`);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // "Use this brief again" fills the Generate panel with the brief and its settings.
    await recipe.getByRole('button', { name: 'Use this brief again' }).click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('radio', { name: 'AI Assistant' })).toBeChecked();
    await expect(panel.getByRole('textbox', { name: /Creative Direction/ })).toHaveValue(BRIEF);
    await shot(page, `variations-brief-again-${label}`);
  });
}

test('a brief in the chat makes a set of variations; the one chosen becomes the cover', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpWithProject(page, 'variations-chat', 'Candle Co');
  await page.getByTestId('reference-image-input').setInputFiles({ name: 'amber-serum.png', mimeType: 'image/png', buffer: productPhoto([201, 120, 32]) });
  await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('my amber serum on a marble counter, soft morning light');
  await input.press('Enter');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByTestId('brief').last()).toBeVisible({ timeout: 15_000 });
  await conversation.getByLabel('Variations').selectOption('2');
  await conversation.getByRole('button', { name: /Generate 2 Images/ }).click();

  const grid = conversation.getByTestId('chat-choice-grid');
  await expect(grid.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  for (const image of await grid.locator('img[src*="/api/media/file/"]').all()) await expectDecoded(image);
  await expect(badge(page)).toContainText('98', { timeout: 30_000 });
  const second = grid.getByRole('listitem').nth(1);
  const chosen = assetIdOf(await second.locator('img[src*="/api/media/file/"]').first().getAttribute('src'));
  await second.getByRole('button', { name: 'Use as cover' }).click();
  await expect(second.getByRole('button', { name: 'Cover' })).toBeDisabled();
  await grid.scrollIntoViewIfNeeded();
  await shot(page, 'variations-chat-desktop');

  const back = page.getByTestId('scene-detail').getByRole('button', { name: 'Back' });
  if (await back.isVisible()) await back.click();
  const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
  await expect(card.locator('img').first()).toHaveAttribute('src', new RegExp(chosen), { timeout: 30_000 });
});
