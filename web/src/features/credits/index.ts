export { CreditBadge } from './components/CreditBadge';
export { TransactionsPage } from './components/TransactionsPage';
export { creditTransactionsQuery, useCreditTransactions, type CreditTransaction, type CreditTransactionsPage } from './api/transactions';
export { useCreditBalance } from './api/balance';
export { creditView } from './logic/credits';
