export { CreditOffer } from './components/CreditOffer';
export { CheckoutReturn } from './components/CheckoutReturn';
export { PendingPurchaseGate } from './components/PendingPurchaseGate';
export { track } from './api/analytics';
export { PricingPlans } from './components/PricingPlans';
export { SubscriptionPanel } from './components/SubscriptionPanel';
