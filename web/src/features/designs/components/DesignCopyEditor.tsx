import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { DESIGN_MESSAGES, useEditDesign } from '../api/designs';

export interface DesignCopyEditorProps {
  projectId: string;
  designId: string;
  /** The design's current words. */
  headline: string;
  offer: string | null;
  cta: string | null;
  /** Whether the design places the kit's logo now. */
  logo?: boolean;
  /** The brand kit has a logo: the editor offers to show or hide it. */
  hasLogo?: boolean;
}

/** A design's words, edited in the detail view: the ad is set again over the same picture, for free. */
export function DesignCopyEditor({
  projectId,
  designId,
  headline: current,
  offer: currentOffer,
  cta: currentCta,
  logo: currentLogo = false,
  hasLogo = false,
}: DesignCopyEditorProps) {
  const [headline, setHeadline] = useState(current);
  const [offer, setOffer] = useState(currentOffer ?? '');
  const [cta, setCta] = useState(currentCta ?? '');
  const [logo, setLogo] = useState(currentLogo);
  const edit = useEditDesign(projectId);
  const changed = headline.trim() !== current || offer.trim() !== (currentOffer ?? '') || cta.trim() !== (currentCta ?? '') || logo !== currentLogo;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate({ designId, edit: { headline: headline.trim(), offer: offer.trim(), cta: cta.trim(), ...(hasLogo ? { logo } : {}) } });
  };

  return (
    <form onSubmit={submit} aria-label="Ad text" className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="design-editor">
      <p className="text-sm font-semibold text-slate-900">Ad text</p>
      <Field label="Headline" value={headline} required maxLength={200} onChange={(e) => setHeadline(e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Offer" value={offer} maxLength={200} onChange={(e) => setOffer(e.target.value)} />
        <Field label="Call to action" value={cta} maxLength={200} onChange={(e) => setCta(e.target.value)} />
      </div>
      {hasLogo ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={logo} onChange={(e) => setLogo(e.target.checked)} /> Show my logo
        </label>
      ) : null}
      {edit.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorMessage(edit.error, DESIGN_MESSAGES.editFailed)}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" disabled={edit.isPending || !changed || !headline.trim()}>
          {edit.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null} Update ad
        </Button>
      </div>
    </form>
  );
}
