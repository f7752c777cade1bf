import { Check } from 'lucide-react';

/** What a plan includes, each with a tick. */
export function PlanFeatures({ features, className }: { features: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden /> {feature}
        </li>
      ))}
    </ul>
  );
}
