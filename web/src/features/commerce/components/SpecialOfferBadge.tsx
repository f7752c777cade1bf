import { Sparkles } from 'lucide-react';

/** The amber pill that marks a plan on special offer. */
export function SpecialOfferBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-800 uppercase">
      <Sparkles className="h-3.5 w-3.5" aria-hidden /> SPECIAL OFFER
    </span>
  );
}
