import { expect, test } from '@playwright/test';
import { shot, signUpWithProject, toast } from './support/fixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const views = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const view of views) {
  test(`changing the password on the account page signs the other browser out (${view.name})`, async ({ browser, baseURL }) => {
    const mine = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await mine.newPage();
    const email = await signUpWithProject(page, `security-${view.name}`, 'Security');

    // The same account signed in on a phone elsewhere.
    const elsewhere = await browser.newContext({ baseURL, userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const phone = await elsewhere.newPage();
    const signin = await elsewhere.request.post('/api/auth/signin', { data: { email, password: 'correct horse battery' } });
    expect(signin.status()).toBe(200);
    await phone.goto('/account');
    await expect(phone.getByText(email)).toBeVisible();

    await page.setViewportSize(view.viewport);
    await page.goto('/account');
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await expect(sessions.getByTestId('session-row')).toHaveCount(2);
    await expect(sessions.getByText('Safari on iOS')).toBeVisible();
    await expect(sessions.getByText('This browser')).toBeVisible();
    await expect(page.getByText('A session lasts 30 days and each visit extends it.')).toBeVisible();
    await page.getByRole('heading', { name: "Where you're signed in" }).scrollIntoViewIfNeeded();
    await shot(page, `account-sessions-${view.name}`);

    // A wrong current password is refused where it was typed.
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Repeat new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The current password is not correct' })).toBeVisible();

    await page.getByLabel('Current password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password changed. 1 other session was signed out.')).toBeVisible();
    await expect(sessions.getByTestId('session-row')).toHaveCount(1);
    await page.getByRole('heading', { name: 'Password' }).scrollIntoViewIfNeeded();
    await shot(page, `account-security-${view.name}`);

    // The phone is signed out; this browser carries on.
    await phone.reload();
    await expect(phone.getByText('Sign in to manage your account')).toBeVisible();
    await page.reload();
    await expect(page.getByText(email)).toBeVisible();
    const old = await page.request.post('/api/auth/signin', { data: { email, password: 'correct horse battery' } });
    expect(old.status()).toBe(401);

    await elsewhere.close();
    await mine.close();
  });
}
