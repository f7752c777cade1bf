export { CreditBadge } from './components/CreditBadge';
