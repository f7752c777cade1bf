import { Sparkles } from 'lucide-react';
import { PricingPlans } from '@/features/commerce';
import { useCreditBalance } from '@/features/credits';
import { SignedInPage, SignInLink } from './SignedInPage';

/** /pricing: the plans for a signed-in user; a visitor is offered the sign-in first. */
export function PricingPage() {
  return (
    <SignedInPage
      frame={(content) => (
        <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
          <header className="mx-auto mb-8 max-w-2xl text-center">
            <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">Plans & pricing</h1>
            <p className="mt-3 text-base text-slate-600">Monthly credits for images and videos of your products. Cancel anytime.</p>
          </header>
          {content}
        </main>
      )}
      signedOut={<SignedOut />}
    >
      {() => <SignedInPlans />}
    </SignedInPage>
  );
}

function SignedInPlans() {
  const balance = useCreditBalance();
  return <PricingPlans balance={balance.data ? balance.data.balance : null} />;
}

function SignedOut() {
  return (
    <div className="mx-auto max-w-md rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Sparkles className="h-6 w-6" aria-hidden />
      </div>
      <h2 className="mt-5 text-xl font-semibold text-slate-900">Sign in to see plans</h2>
      <p className="mt-2 text-sm text-slate-600">Plans and your current subscription are shown once you are signed in.</p>
      <SignInLink next="/pricing" className="mt-6" />
    </div>
  );
}
