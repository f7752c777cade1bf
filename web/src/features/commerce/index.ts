export { CreditOffer } from './components/CreditOffer';
export { CheckoutReturn } from './components/CheckoutReturn';
export { PendingPurchaseGate } from './components/PendingPurchaseGate';
export { track } from './api/analytics';
export type { OfferBalance } from './state/useCreditOffer';
export { PricingPlans } from './components/PricingPlans';
export { SubscriptionPanel } from './components/SubscriptionPanel';
export { LOGIN_URL } from './logic/purchase';
