import { Loader2, Megaphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { DESIGN_MESSAGES, useMakeDesign, type AdTemplate, type DesignView } from '../api/designs';
import { designRequest, TEMPLATES } from '../logic/templates';

export interface AdDesignFormProps {
  projectId: string;
  /** The picture the copy is set on. */
  sourceId: string;
  /** The brand kit has a logo: the form offers to place it (on by default). */
  hasLogo: boolean;
  /** The copy and layout to start from (the studio's proposal). */
  initial?: AdStart;
  onMade?: (design: DesignView) => void;
  onCancel?: () => void;
}

/** Where the form starts: the proposed copy and layout. */
export interface AdStart {
  headline: string;
  offer?: string | null;
  cta?: string | null;
  template: AdTemplate;
}

/** The "Ad" step after an image: headline, offer, call to action and layout → a design set in the brand kit. Free. */
export function AdDesignForm({ projectId, sourceId, hasLogo, initial, onMade, onCancel }: AdDesignFormProps) {
  const [headline, setHeadline] = useState(initial?.headline ?? '');
  const [offer, setOffer] = useState(initial?.offer ?? '');
  const [cta, setCta] = useState(initial?.cta ?? '');
  const [logo, setLogo] = useState(true);
  const [template, setTemplate] = useState<AdTemplate>(initial?.template ?? 'headline_top_left');
  const make = useMakeDesign(projectId);
  const templateId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate({ sourceId, request: designRequest({ headline, offer, cta, logo: hasLogo && logo, template }) }, { onSuccess: (design) => onMade?.(design) });
  };

  return (
    <form onSubmit={submit} aria-label="Make an ad" className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="ad-form">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Megaphone className="h-4 w-4 text-brand-600" aria-hidden /> Make an ad
      </p>
      <p className="text-xs text-slate-500">Your words set in exact type, in your brand kit, clear of the product. Free: no credits, no AI model.</p>
      <Field
        label="Headline"
        value={headline}
        required
        maxLength={200}
        placeholder="Fresh espresso, roasted this morning"
        onChange={(e) => setHeadline(e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Offer" value={offer} maxLength={200} placeholder="20% off this weekend" onChange={(e) => setOffer(e.target.value)} />
        <Field label="Call to action" value={cta} maxLength={200} placeholder="Shop now" onChange={(e) => setCta(e.target.value)} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={templateId} className="text-sm font-medium text-slate-700">
            Layout
          </label>
          <select
            id={templateId}
            value={template}
            onChange={(e) => setTemplate(e.target.value as AdTemplate)}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
          >
            {TEMPLATES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        {hasLogo ? (
          <label className="flex h-10 items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={logo} onChange={(e) => setLogo(e.target.checked)} /> Add my logo
          </label>
        ) : null}
      </div>
      {make.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorMessage(make.error, DESIGN_MESSAGES.makeFailed)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={make.isPending || !headline.trim()}>
          {make.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null} Make ad
        </Button>
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
