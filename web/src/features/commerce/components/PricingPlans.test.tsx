import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { fakeCommerce } from '../test/fakeCommerce';
import { PricingPlans } from './PricingPlans';

describe('PricingPlans', () => {
  it('lists the plans with a Subscribe button', async () => {
    fakeCommerce();
    renderWithApp(<PricingPlans balance={20} />, { route: '/pricing' });
    const card = await screen.findByRole('region', { name: 'Creator Plan' });
    expect(within(card).getByText('$15')).toBeVisible();
    expect(within(card).getByText('SPECIAL OFFER')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.queryByText('Payments are not configured')).toBeNull();
  });

  it('says plainly that payments are not configured and offers no checkout', async () => {
    fakeCommerce({ plans: { payments_configured: false } });
    renderWithApp(<PricingPlans balance={20} />, { route: '/pricing' });
    expect(await screen.findByText('Payments are not configured')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Creator Plan' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('marks the current plan and offers no second subscription', async () => {
    fakeCommerce({ plans: { current_plan_id: 'creator_monthly' } });
    renderWithApp(<PricingPlans balance={20} />, { route: '/pricing' });
    const card = await screen.findByRole('region', { name: 'Creator Plan' });
    expect(within(card).getByText('Current plan')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });
});
