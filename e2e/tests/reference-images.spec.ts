import { expect, test } from '@playwright/test';
import { productPhoto, shot, toast } from './support/fixtures';

test('upload, list, reload and remove a scene’s product images', async ({ page }) => {
  const email = `e2e-ref-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

  // Sign up; the first project (with Campaign 1) is created from the modal that follows.
  await page.goto('/create');
  const auth = page.getByRole('dialog', { name: 'Create your free account' });
  await expect(auth).toBeVisible();
  await auth.getByLabel('First name').fill('Grace');
  await auth.getByLabel('Email').fill(email);
  await auth.getByLabel('Password').fill('correct horse battery');
  await auth.getByRole('button', { name: 'Create account' }).click();

  const createProject = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(createProject).toBeVisible();
  await createProject.getByLabel('Project Name').fill('Product Shots');
  await createProject.getByRole('button', { name: 'Create' }).click();
  await expect(createProject).toBeHidden();
  await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');

  // The panel sits in the left panel, empty, and open (a campaign without a photo shows it).
  const leftPanel = page.getByTestId('chat-panel');
  const panel = leftPanel.getByRole('region', { name: 'Product images' });
  await expect(panel).toBeVisible();
  await expect(leftPanel.getByTestId('no-product-photo')).toContainText('No product photo in this campaign');
  // Once the campaign has photos the chat folds the panel to one line; open it to look.
  const showPhotos = async () => {
    const toggle = leftPanel.getByRole('button', { name: /^Product images/ });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(panel).toBeVisible();
  };
  await expect(panel.getByTestId('reference-image-count')).toHaveText('0/3');
  await expect(panel.getByRole('button', { name: /Add product photos/ })).toBeVisible();

  // Upload two product photos through the file input.
  await panel.getByLabel('Upload product images').setInputFiles([
    { name: 'product-violet.png', mimeType: 'image/png', buffer: productPhoto([124, 58, 237]) },
    { name: 'product-pink.png', mimeType: 'image/png', buffer: productPhoto([236, 72, 153]) },
  ]);
  const thumbnails = panel.getByTestId('reference-image');
  await showPhotos();
  await expect(thumbnails).toHaveCount(2, { timeout: 30_000 });
  await expect(panel.getByTestId('reference-upload')).toHaveCount(0);
  await expect(panel.getByTestId('reference-image-count')).toHaveText('2/3');
  // The thumbnails really load from the media route.
  for (const name of ['product-violet.png', 'product-pink.png']) {
    const image = panel.getByRole('img', { name });
    await expect(image).toHaveAttribute('src', /\/api\/media\/file\/[0-9a-f-]+\?variant=thumbnail$/);
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await shot(page, 'reference-images-desktop');

  // Reload: still two.
  await page.reload();
  await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
  await showPhotos();
  await expect(thumbnails).toHaveCount(2);
  await expect(panel.getByRole('img', { name: 'product-violet.png' })).toBeVisible();

  // Remove one.
  await thumbnails.filter({ has: page.getByRole('img', { name: 'product-violet.png' }) }).hover();
  await panel.getByRole('button', { name: 'Remove product-violet.png' }).click();
  await expect(thumbnails).toHaveCount(1);
  await expect(panel.getByRole('img', { name: 'product-pink.png' })).toBeVisible();
  await expect(panel.getByTestId('reference-image-count')).toHaveText('1/3');
  await page.reload();
  await showPhotos();
  await expect(thumbnails).toHaveCount(1);

  // A text file renamed .png, dropped on the left panel: the overlay shows, then the file is refused.
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['these are not pixels'], 'notes.png', { type: 'image/png' }));
    return transfer;
  });
  const zone = leftPanel.getByTestId('reference-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  const overlay = page.getByTestId('reference-drop-overlay');
  await expect(overlay).toContainText('Drop Product Images');
  await expect(overlay).toContainText('Up to 3 images, 15MB max each');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(overlay).toBeHidden();
  await expect(toast(page, 'notes.png: Invalid or corrupted image file')).toBeVisible();
  await expect(toast(page, 'Please drop valid image files only (JPEG, PNG, WebP, or GIF).')).toBeVisible();
  await expect(thumbnails).toHaveCount(1);
  await expect(panel.getByTestId('reference-upload')).toHaveCount(0);
});
