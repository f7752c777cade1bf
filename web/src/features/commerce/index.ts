export { CreditOffer } from './components/CreditOffer';
export { CheckoutReturn } from './components/CheckoutReturn';
export { PendingPurchaseGate } from './components/PendingPurchaseGate';
export { track } from '@/lib/analytics';
export { PricingPlans } from './components/PricingPlans';
export { SubscriptionPanel } from './components/SubscriptionPanel';
export { OutOfCreditsDialog } from './components/OutOfCreditsDialog';
