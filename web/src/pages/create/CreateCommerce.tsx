import { CheckoutReturn, CreditOffer } from '@/features/commerce';
import { creditView, useCreditBalance } from '@/features/credits';

/** The create page's commerce: the credit purchase offer and the return from checkout, fed by the balance. */
export function CreateCommerce({ userId }: { userId: string }) {
  const balance = useCreditBalance();
  const view = balance.data ? creditView(balance.data) : null;
  return (
    <>
      <CreditOffer userId={userId} balance={view ? { balance: view.balance, threshold: view.threshold, images: view.images, videos: view.videos } : null} />
      <CheckoutReturn balance={view ? view.balance : null} />
    </>
  );
}
