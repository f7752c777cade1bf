import { expect, test } from '@playwright/test';
import { productPhoto, shot, signUpWithProject, toast } from './support/fixtures';
import { startStudio, type Studio } from './support/server';

// A server without workers: a generation stays queued until the seller cancels it.
let studio: Studio;
test.beforeAll(async () => {
  studio = await startStudio({ args: ['--no-workers'] });
});
test.afterAll(async () => {
  await studio.stop();
});

test('a running generation can be cancelled from the chat and the Generate panel, and the credits come back', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: studio.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signUpWithProject(page, 'cancel', 'Stop Motion');
  const badge = page.getByTestId('credit-badge').first();
  await expect(badge).toContainText('100');

  await page.getByTestId('reference-image-input').setInputFiles({ name: 'serum.png', mimeType: 'image/png', buffer: productPhoto([40, 120, 200]) });
  await expect(page.getByTestId('reference-image')).toHaveCount(1, { timeout: 30_000 });
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('a calm bathroom shelf scene for a serum launch');
  await input.press('Enter');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByTestId('brief').last()).toBeVisible({ timeout: 15_000 });
  await conversation.getByRole('button', { name: /Generate Image/ }).last().click();
  await expect(conversation.getByTestId('generation-progress')).toBeVisible();
  await expect(badge).toContainText('99');
  await shot(page, 'cancel-1-chat-running');

  await conversation.getByRole('button', { name: 'Cancel generation' }).click();
  await expect(toast(page, 'You cancelled this generation. Your credits were refunded.')).toBeVisible();
  await expect(conversation.getByTestId('generation-cancelled')).toBeVisible({ timeout: 30_000 });
  await expect(conversation.getByTestId('generation-progress')).toHaveCount(0);
  await expect(toast(page, /Failed to generate/)).toHaveCount(0);
  await expect(badge).toContainText('100', { timeout: 30_000 });
  await shot(page, 'cancel-2-chat-cancelled');

  // The Generate panel's run: cancelled, the panel is ready for the next one.
  await page.getByRole('tab', { name: 'Generate' }).click();
  const panel = page.getByTestId('generate-panel');
  await panel.getByRole('radio', { name: 'Templates' }).check();
  await panel.getByRole('radiogroup', { name: /template/i }).getByRole('radio').first().check();
  await panel.getByRole('button', { name: /^Generate/ }).click();
  await expect(panel.getByTestId('generate-progress')).toBeVisible();
  await expect(badge).toContainText('99');
  await shot(page, 'cancel-3-panel-running');
  await panel.getByRole('button', { name: 'Cancel generation' }).click();
  await expect(panel.getByTestId('generate-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByTestId('generate-error')).toHaveCount(0);
  await expect(badge).toContainText('100', { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: /^Generate/ })).toBeEnabled();
  await shot(page, 'cancel-4-panel-ready');
  await context.close();
});
