import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cspViolations, productPhoto, shot, signUpWithProject } from './support/fixtures';

const measurements = fileURLToPath(new URL('../screenshots/measurements.txt', import.meta.url));

/** A figure for the README's performance section (never asserted: timing is measured, not tested). */
function record(name: string, ms: number) {
  appendFileSync(measurements, `${new Date().toISOString()} ${name} ${ms.toFixed(0)} ms\n`);
  console.log(`[measure] ${name}: ${ms.toFixed(0)} ms`);
}

const badge = (page: Page) => page.getByTestId('credit-badge').first();

async function expectBalance(page: Page, balance: number) {
  await expect(badge(page)).toContainText(String(balance), { timeout: 30_000 });
}

/** The images of the thread served from the media route, fully decoded. */
function threadImages(page: Page): Locator {
  return page.getByRole('log', { name: 'Conversation' }).locator('img[src*="/api/media/file/"]');
}

async function expectDecoded(image: Locator) {
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
}

async function uploadProductPhoto(page: Page) {
  await page.getByTestId('reference-image-input').setInputFiles({ name: 'amber-serum.png', mimeType: 'image/png', buffer: productPhoto([201, 120, 32]) });
  await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
}

async function sendMessage(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

async function expectSeriousA11yClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the whole creative loop in the browser: chat, generate, rate, edit, animate, music, Generate panel', async ({ page }) => {
  test.setTimeout(240_000);
  const refused = cspViolations(page);
  await signUpWithProject(page, 'loop', 'Serum Launch');
  await expectBalance(page, 100);

  // 1. A product photo, then a message the assistant turns into a brief.
  await uploadProductPhoto(page);
  await sendMessage(page, 'show it on dark marble at golden hour');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByText('show it on dark marble at golden hour')).toBeVisible();
  const brief = conversation.getByTestId('brief').last();
  await expect(brief).toContainText(/marble/i, { timeout: 15_000 });
  await expect(brief).toContainText(/golden/i);
  await expectSeriousA11yClean(page);
  await shot(page, 'loop-1-brief-desktop');

  // 2. Generate Image: the image shows in the thread and on the storyboard; one credit is spent.
  const clickedAt = Date.now();
  await conversation.getByRole('button', { name: /Generate Image/ }).last().click();
  const first = threadImages(page).first();
  await expectDecoded(first);
  record('chat: click Generate Image → image visible in the thread', Date.now() - clickedAt);
  const firstSrc = (await first.getAttribute('src')) ?? '';
  const firstAssetId = /\/api\/media\/file\/([0-9a-f-]{36})/.exec(firstSrc)?.[1];
  expect(firstAssetId).toBeTruthy();
  await expect(page.locator(`main img[src*="${firstAssetId}"]`).first()).toBeVisible({ timeout: 30_000 });
  await expectBalance(page, 99);
  await shot(page, 'loop-2-image-desktop');

  // 3. Negative feedback with a reason.
  await conversation.getByRole('button', { name: 'Poor result' }).last().click();
  const feedback = page.getByRole('dialog', { name: 'What went wrong?' });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(feedback.getByText('Please select a feedback option')).toBeVisible();
  await feedback.getByRole('radio', { name: 'Distorted' }).check();
  await feedback.getByRole('textbox').fill('The label is hard to read');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(feedback).toBeHidden();
  await expect(conversation.getByText('Thanks!').last()).toBeVisible();

  // 4. Edit with a brush stroke: a new image, one more credit.
  const imagesBefore = await threadImages(page).count();
  await conversation.getByRole('button', { name: 'Edit image' }).last().click();
  const editor = page.getByTestId('image-editor');
  await expect(editor).toBeVisible();
  const canvas = editor.locator('canvas');
  const box = (await canvas.boundingBox())!;
  // A stroke across the middle of the picture (the letterbox around it does not paint).
  await page.mouse.move(box.x + box.width * 0.44, box.y + box.height * 0.7);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.74, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.56, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
  await editor.getByRole('textbox').fill('make this part brighter');
  await shot(page, 'loop-3-editor-desktop');
  await editor.getByRole('button', { name: /^Edit image/ }).click();
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(threadImages(page)).toHaveCount(imagesBefore + 1, { timeout: 30_000 });
  await expectDecoded(threadImages(page).last());
  await expectBalance(page, 98);

  // 5. Animate this: a video that plays; five credits.
  await conversation.getByRole('button', { name: 'Animate this' }).last().click();
  const video = conversation.locator('video').first();
  await expect(video).toBeVisible({ timeout: 90_000 });
  await video.evaluate(async (element) => {
    const v = element as HTMLVideoElement;
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const startTime = await video.evaluate((element) => (element as HTMLVideoElement).currentTime);
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime), { timeout: 30_000 }).toBeGreaterThan(startTime);
  await expectBalance(page, 93);
  await shot(page, 'loop-4-video-desktop');

  // 6. Music for the campaign; one credit.
  await page.getByRole('button', { name: 'Make music for this campaign' }).click();
  await expect(conversation.locator('audio').first()).toBeAttached({ timeout: 60_000 });
  await expectBalance(page, 92);

  // 7. The Generate panel: a template, then AI Assistant settings; an image each.
  await page.getByRole('tab', { name: 'Generate' }).click();
  const panel = page.getByTestId('generate-panel');
  await expect(panel).toBeVisible();
  await panel.getByRole('radio', { name: 'Templates' }).check();
  const template = panel.getByRole('radiogroup', { name: /template/i }).getByRole('radio').first();
  await template.check();
  await panel.getByRole('button', { name: /^Generate/ }).click();
  const templateResult = panel.getByTestId('generate-result').locator('img');
  await expectDecoded(templateResult);
  const templateSrc = await templateResult.getAttribute('src');
  await expectBalance(page, 91);
  await shot(page, 'loop-5-template-desktop');

  await panel.getByRole('radio', { name: 'AI Assistant' }).check();
  await expect(panel.getByRole('radio', { name: 'AI Assistant' })).toBeChecked();
  const recommendation = page.waitForResponse((response) => response.url().endsWith('/api/recommendations/generate'));
  await panel.getByRole('button', { name: /^Generate/ }).click();
  const started = await recommendation;
  expect(started.status(), await started.text()).toBe(202);
  await expect(panel.getByTestId('generate-result').locator('img')).not.toHaveAttribute('src', templateSrc ?? '', { timeout: 60_000 });
  await expectDecoded(panel.getByTestId('generate-result').locator('img'));
  await expectBalance(page, 90);
  await expectSeriousA11yClean(page);
  await shot(page, 'loop-6-assistant-desktop');
  // The page's Content-Security-Policy let everything the loop uses through.
  expect(refused).toEqual([]);
});

test('on a phone: upload, chat and generate an image', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpWithProject(page, 'loop-phone', 'Pocket Shots');
  // A new campaign opens on the chat.
  await expect(page.getByRole('button', { name: 'Show Storyboard' })).toBeVisible();
  await uploadProductPhoto(page);
  await sendMessage(page, 'a flat lay with pastel props for a spring sale');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByTestId('brief').last()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'loop-1-brief-mobile');
  const clickedAt = Date.now();
  await conversation.getByRole('button', { name: /Generate Image/ }).last().click();
  await expectDecoded(threadImages(page).first());
  record('chat (390 px): click Generate Image → image visible in the thread', Date.now() - clickedAt);
  await expectBalance(page, 99);
  await expectSeriousA11yClean(page);
  await shot(page, 'loop-2-image-mobile');

  // Rate it, and make music for the campaign, from the phone too.
  await conversation.getByRole('button', { name: 'Good result' }).last().click();
  await expect(conversation.getByText('Thanks!').last()).toBeVisible();
  await page.getByRole('button', { name: 'Make music for this campaign' }).click();
  await expect(conversation.locator('audio').first()).toBeAttached({ timeout: 60_000 });
  await expectBalance(page, 98);
  await shot(page, 'loop-3-music-mobile');
});
