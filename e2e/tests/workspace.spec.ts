import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage: false });
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('health endpoint answers ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('sign up, create and rename a project, add a campaign, reload, sign out', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'correct horse battery';

  // A visitor sees the blurred workspace and the sign-up modal.
  await page.goto('/create');
  await expect(page.getByTestId('blurred-workspace')).toBeVisible();
  const auth = page.getByRole('dialog', { name: 'Create your free account' });
  await expect(auth).toBeVisible();
  await shot(page, 'auth-modal-desktop');

  // Sign up.
  await auth.getByLabel('First name').fill('Ada');
  await auth.getByLabel('Email').fill(email);
  await auth.getByLabel('Password').fill(password);
  await auth.getByRole('button', { name: 'Create account' }).click();

  // No projects yet: the Create New Project modal opens, prefilled.
  const createProject = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(createProject).toBeVisible();
  await expect(page.getByTestId('blurred-workspace')).toHaveCount(0);
  const projectName = createProject.getByLabel('Project Name');
  await expect(projectName).toHaveValue('New Project 1');
  await projectName.fill('');
  await createProject.getByRole('button', { name: 'Create' }).click();
  await expect(createProject.getByText('Project name cannot be empty')).toBeVisible();
  await projectName.fill('Spring Launch');
  await expect(createProject.getByText('Project name cannot be empty')).toHaveCount(0);
  await createProject.getByRole('button', { name: 'Create' }).click();

  await expect(toast(page, 'Project created successfully')).toBeVisible();
  await expect(createProject).toBeHidden();
  await expect(page.getByTestId('current-project')).toHaveText('Spring Launch');
  await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
  await expect(page.getByRole('article', { name: 'Campaign 1' })).toHaveAttribute('data-selected', 'true');
  await expect(page.getByText('1 campaign', { exact: true })).toBeVisible();
  await expect(page.getByTestId('credit-badge')).toContainText('Credits');

  // Rename the project from the project dropdown.
  await page.getByRole('button', { name: 'Select project' }).click();
  await page.getByRole('menuitem', { name: 'Rename project Spring Launch' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Project' });
  await expect(rename.getByLabel('Project Name')).toHaveValue('Spring Launch');
  await rename.getByLabel('Project Name').fill('Summer Launch');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(toast(page, 'Project renamed successfully')).toBeVisible();
  await expect(page.getByTestId('current-project')).toHaveText('Summer Launch');

  // Create a second campaign.
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const campaign = page.getByRole('dialog', { name: 'Create New Campaign' });
  const campaignName = campaign.getByLabel('Campaign Name');
  await expect(campaignName).toHaveValue('Campaign 2');
  await campaignName.fill('   ');
  await expect(campaign.getByRole('button', { name: 'Create' })).toBeDisabled();
  await campaignName.fill('Holiday Promo');
  await campaign.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Campaign created successfully')).toBeVisible();
  await expect(page.getByTestId('current-scene')).toHaveText('Holiday Promo');
  await expect(page.getByText('2 campaigns', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Holiday Promo' })).toHaveAttribute('data-selected', 'true');

  // Clicking a card selects its scene and opens its detail; Escape goes back to the grid.
  const detail = page.getByRole('region', { name: 'Campaign detail' });
  await page.getByRole('button', { name: 'Open Campaign 1' }).click();
  await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.getByRole('button', { name: 'Open Holiday Promo' }).click();
  await expect(page.getByTestId('current-scene')).toHaveText('Holiday Promo');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(detail).toBeHidden();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await shot(page, 'workspace-desktop');

  // Reload: the same project and scene are restored.
  await page.reload();
  await expect(page.getByTestId('current-project')).toHaveText('Summer Launch');
  await expect(page.getByTestId('current-scene')).toHaveText('Holiday Promo');
  await expect(page.getByRole('article', { name: 'Holiday Promo' })).toHaveAttribute('data-selected', 'true');

  // Mobile layout: a campaign without media opens on the chat, where the work starts.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Show Storyboard' })).toBeVisible();
  await expect(page.getByTestId('current-scene')).toHaveText('Holiday Promo');
  await shot(page, 'workspace-mobile-chat');
  await page.getByRole('button', { name: 'Show Storyboard' }).click();
  await expect(page.getByRole('button', { name: 'Show Chat' })).toBeVisible();
  await shot(page, 'workspace-mobile');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Summer Launch', exact: true })).toBeVisible();
  await shot(page, 'workspace-mobile-menu');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Sign out: back to the blurred page with the sign-in form (this browser has signed in before).
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByTestId('blurred-workspace')).toBeVisible();

  // Signing in again restores the work.
  const signin = page.getByRole('dialog', { name: 'Welcome back' });
  await signin.getByLabel('Email').fill(email);
  await signin.getByLabel('Password').fill('wrong password!');
  await signin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signin.getByRole('alert')).toBeVisible();
  await signin.getByLabel('Password').fill(password);
  await signin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('current-project')).toHaveText('Summer Launch');
  await expect(page.getByTestId('current-scene')).toHaveText('Holiday Promo');
});
