import { expect, test, type Browser, type Page } from '@playwright/test';
import { deliverStripeEvent, periodEnd, startStripeMock } from './support/commerce';
import { shot, signUpWithProject } from './support/fixtures';
import { startStudio, type Studio } from './support/server';

const TITLE = "You're on a roll — keep creating!";
const modal = (page: Page) => page.getByRole('dialog', { name: TITLE });

/** One image generated through the API, as another tab would; the page hears of it through its event stream. */
async function generateImage(page: Page, projectName: string) {
  const origin = new URL(page.url()).origin;
  const headers = { Origin: origin };
  const projects = await (await page.request.get(`${origin}/api/projects`)).json();
  const projectId: string = projects.data.find((p: { name: string }) => p.name === projectName).id;
  const scenes = await (await page.request.get(`${origin}/api/projects/${projectId}/scenes`)).json();
  const started = await page.request.post(`${origin}/api/generate/image`, {
    headers,
    data: {
      project_id: projectId,
      scene_id: scenes.data[0].id,
      prompt: 'a bottle of olive oil on a rustic table in morning light',
      context: { pre_production_settings: { quality: 'low', resolution: '1024x1536' } },
    },
  });
  expect(started.status()).toBe(202);
}

/** Lets each tab finish what the timers just fired: a task queued after their renders. */
const settled = (...pages: Page[]) =>
  Promise.all(pages.map((p) => p.evaluate(() => new Promise((done) => setTimeout(done, 0)))));

const modalState = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('studio:credit-modal:state') ?? 'null'));

test('without Stripe keys the pricing page says payments are not configured and offers no checkout', async ({ page, baseURL }) => {
  await signUpWithProject(page, 'nokeys', 'No Keys');
  await page.goto('/pricing');
  await expect(page.getByText('Payments are not configured')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Creator Plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Subscribe/ })).toHaveCount(0);
  await shot(page, 'pricing-not-configured-desktop');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'pricing-not-configured-phone');
  const answer = await page.request.post('/api/stripe/subscription', {
    headers: { Origin: baseURL! },
    data: { tier: { id: 'creator_monthly', name: 'Creator Plan', price: 15, credits: 140, features: [] }, billingCycle: 'monthly', source: 'e2e', specialOffer: {} },
  });
  expect(answer.status()).toBe(503);
  expect((await answer.json()).message).toBe('Payments are not configured');
});

const WEBHOOK_SECRET = 'whsec_e2e';
const PRICE_ID = 'price_e2e_creator';

test.describe('with Stripe answered by a local stand-in', () => {
  let stripe: Awaited<ReturnType<typeof startStripeMock>>;
  let studio: Studio;

  test.beforeAll(async () => {
    stripe = await startStripeMock();
    studio = await startStudio({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.origin,
        STRIPE_CREATOR_PRICE_ID: PRICE_ID,
      },
    });
  });
  test.afterAll(async () => {
    await studio?.stop();
    await stripe?.close();
  });

  /** A page of the studio that takes payments, in a fresh browser context. */
  async function openStudio(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: studio.url, viewport: { width: 1440, height: 900 } });
    return context.newPage();
  }

  test('the credit offer appears after the first generation, then cools down and is not shown again', async ({ browser }) => {
    const page = await openStudio(browser);
    await page.clock.install();
    await signUpWithProject(page, 'offer', 'Olive Oil');
    await generateImage(page, 'Olive Oil');
    await expect(page.getByTestId('credit-badge').first()).toContainText('99', { timeout: 30_000 });
    // The page has been ready 5 s, then the offer waits 2 s more.
    await page.clock.runFor(8_000);
    const dialog = modal(page);
    await expect(dialog).toBeVisible();
    const plan = dialog.getByRole('region', { name: 'Creator Plan' });
    await expect(plan.getByText('SPECIAL OFFER')).toBeVisible();
    await expect(plan.getByTestId('plan-price')).toHaveText('$15');
    await expect(plan.getByText('Billed monthly. Cancel anytime.')).toBeVisible();
    await expect(plan.getByTestId('plan-credits')).toHaveText('140');
    await expect(plan.getByTestId('plan-bonus')).toHaveText('+30');
    await expect(dialog.getByText(/verified user/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    await shot(page, 'credit-offer-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'credit-offer-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toBeHidden();
    expect(await modalState(page)).toMatchObject({ state: 'cooldown', type: 'first_generation' });

    // Even with the seen flag gone, a fresh page inside the cooldown makes no second offer.
    await page.evaluate(() => localStorage.removeItem('studio:credit-modal:first-generation-seen'));
    await page.reload();
    await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
    await page.clock.runFor(1_000);
    await expect(modal(page)).toBeHidden();
    await page.clock.runFor(20_000);
    await expect(modal(page)).toBeHidden();

    // Once the cooldown is over the same page would offer it again: the cooldown was what held it back.
    await page.reload();
    await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
    await page.clock.runFor(8_000);
    await expect(modal(page)).toBeVisible();
    await modal(page).getByRole('link', { name: 'See all plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(modal(page)).toBeHidden();
    await expect(page.getByRole('region', { name: 'Creator Plan' })).toBeVisible();
  });

  test('two tabs of one browser never show the offer twice', async ({ browser }) => {
    const page = await openStudio(browser);
    const context = page.context();
    await signUpWithProject(page, 'tabs', 'Two Tabs');
    await generateImage(page, 'Two Tabs');
    await expect(page.getByTestId('credit-badge').first()).toContainText('99', { timeout: 30_000 });
    // Both tabs open fresh with the offer due, so both trigger within a moment of each other.
    await page.evaluate(() => {
      localStorage.removeItem('studio:credit-modal:state');
      localStorage.removeItem('studio:credit-modal:first-generation-seen');
    });
    // The tabs' timers run on a clock the test moves on, so "never" is checked without
    // waiting for it (the time still flows by itself in between).
    await context.clock.install();
    const second = await context.newPage();
    await Promise.all([page.reload(), second.goto('/create')]);
    await expect(second.getByTestId('current-scene')).toHaveText('Campaign 1');
    const visible = async () => (await modal(page).count()) + (await modal(second).count());
    await expect.poll(visible, { timeout: 20_000 }).toBe(1);
    // Well past the delay and the cooldown, still only one.
    await context.clock.runFor(4_000);
    await settled(page, second);
    expect(await visible()).toBe(1);
    const shower = (await modal(page).count()) === 1 ? page : second;
    await shower.bringToFront();
    await modal(shower).getByRole('button', { name: 'Maybe Later' }).click();
    await expect(modal(shower)).toBeHidden();
    await context.clock.runFor(12_000);
    await settled(page, second);
    expect(await visible()).toBe(0);
  });

  test('the pricing and account pages on a desktop and a phone', async ({ browser }) => {
    const page = await openStudio(browser);
    await signUpWithProject(page, 'pages', 'Pages');
    await page.goto('/pricing');
    const card = page.getByRole('region', { name: 'Creator Plan' });
    await expect(card.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await expect(card.getByText('SPECIAL OFFER')).toBeVisible();
    await shot(page, 'pricing-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'pricing-phone');

    // Subscribed: Checkout made the customer, then Stripe's webhooks report the subscription.
    const checkout = await page.request.post('/api/stripe/checkout', {
      headers: { Origin: studio.url },
      data: { tier: { id: 'creator_monthly', name: 'Creator Plan', price: 15, credits: 140, features: [] } },
    });
    expect(checkout.status()).toBe(200);
    const form = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').pop()!.form;
    const customer = form.get('customer')!;
    const subscriptionId = `sub_e2e_${Date.now()}`;
    const completed = {
      id: (await checkout.json()).sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: form.get('client_reference_id'),
      customer,
      subscription: subscriptionId,
      metadata: { plan_id: 'creator_monthly', special_offer: 'false' },
    };
    expect(await deliverStripeEvent(studio.url, WEBHOOK_SECRET, { type: 'checkout.session.completed', object: completed })).toBe(200);
    const updated = {
      id: subscriptionId,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ price: { id: PRICE_ID }, current_period_end: periodEnd }] },
    };
    expect(await deliverStripeEvent(studio.url, WEBHOOK_SECRET, { type: 'customer.subscription.updated', object: updated })).toBe(200);
    await page.goto('/pricing');
    await expect(card.getByText('Current plan')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText('Creator Plan')).toBeVisible();
    await expect(page.getByText('Renews on 25 December 2026')).toBeVisible();
    await shot(page, 'account-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'account-desktop');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Ends on 25 December 2026')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Sign in to see plans' })).toBeVisible();
    await shot(page, 'pricing-signed-out-desktop');
  });


  test('a purchase whose session ran out goes through the sign-in and ends at the hosted checkout', async ({ page }) => {
    const origin = studio.url;
    const email = `e2e-roundtrip-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    await page.goto(`${origin}/create`);
    const signup = page.getByRole('dialog', { name: 'Create your free account' });
    await signup.getByLabel('First name').fill('Ada');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password').fill(password);
    await signup.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Project' })).toBeVisible();
    const me = await (await page.request.get(`${origin}/api/auth/me`)).json();

    await page.goto(`${origin}/pricing`);
    const subscribe = page.getByRole('region', { name: 'Creator Plan' }).getByRole('button', { name: 'Subscribe' });
    await expect(subscribe).toBeEnabled();
    // The session ends behind the page's back; the purchase answers 401.
    await page.request.post(`${origin}/api/auth/signout`, { headers: { Origin: origin } });
    await subscribe.click();

    await expect(page).toHaveURL(/\/create\?auth=signin/);
    const signin = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(signin).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('studio:pending-purchase') ?? 'null'))).toMatchObject({
      package: { id: 'creator_monthly', name: 'Creator Plan' },
      source: 'pricing_page',
    });
    await signin.getByLabel('Email').fill(email);
    await signin.getByLabel('Password').fill(password);
    await signin.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(new RegExp(`^${stripe.origin}/checkout/cs_test_e2e_`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Mock Stripe Checkout' })).toBeVisible();
    expect(stripe.problems).toEqual([]);
    const session = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').pop();
    expect(session?.form.get('mode')).toBe('subscription');
    expect(session?.form.get('line_items[0][price]')).toBe(PRICE_ID);
    expect(session?.form.get('client_reference_id')).toBe(me.user.id);
    expect(session?.form.get('success_url')).toMatch(new RegExp(`^${origin}/create\\?checkout=success`));
    expect(session?.form.get('cancel_url')).toBe(`${origin}/create?checkout=cancelled`);
    expect(await page.evaluate(() => sessionStorage.getItem('studio:pending-purchase'))).toBeNull();
  });

  test('Subscribe Now in the offer goes to checkout, and the return says Credits added successfully! once the webhook lands', async ({ page }) => {
    const origin = studio.url;
    await page.clock.install();
    await page.goto(`${origin}/create`);
    const signup = page.getByRole('dialog', { name: 'Create your free account' });
    await signup.getByLabel('First name').fill('Ada');
    await signup.getByLabel('Email').fill(`e2e-webhook-${Date.now()}@example.com`);
    await signup.getByLabel('Password').fill('correct horse battery');
    await signup.getByRole('button', { name: 'Create account' }).click();
    const createProject = page.getByRole('dialog', { name: 'Create New Project' });
    await createProject.getByLabel('Project Name').fill('Webhook');
    await createProject.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
    await generateImage(page, 'Webhook');
    const badge = page.getByTestId('credit-badge').first();
    await expect(badge).toContainText('99', { timeout: 30_000 });
    await page.clock.runFor(8_000);
    await modal(page).getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.origin}/checkout/cs_test_e2e_`), { timeout: 20_000 });
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    const form = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').pop()!.form;
    expect(form.get('metadata[special_offer]')).toBe('true');

    // Back from Stripe before its webhook: nothing to say yet.
    await page.goto(`${origin}/create?checkout=success&session_id=${sessionId}`);
    await expect(badge).toContainText('99');
    await page.clock.runFor(2_000);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Credits added successfully!' })).toHaveCount(0);

    const completed = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: form.get('client_reference_id'),
      customer: form.get('customer'),
      subscription: `sub_e2e_offer_${Date.now()}`,
      metadata: Object.fromEntries([...form.entries()].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value])),
    };
    expect(await deliverStripeEvent(origin, WEBHOOK_SECRET, { type: 'checkout.session.completed', object: completed })).toBe(200);

    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Credits added successfully!' })).toBeVisible();
    await expect(badge).toContainText('239');
    // The checkout's query is gone (the workspace may have put the project in the path).
    await expect(page).toHaveURL(new RegExp(`^${origin}/create(/[0-9a-f-]{36})?$`));
    await shot(page, 'checkout-return-desktop');

    // The ledger names the purchase by its description.
    await page.goto(`${origin}/transactions`);
    const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await expect(rows.first()).toContainText('Creator Plan — first month with 30 bonus credits');
    await expect(rows.first()).toContainText('+140');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'transactions-subscription-phone');
  });
});
