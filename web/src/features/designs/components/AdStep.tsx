import { LayoutDashboard, Loader2, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { DESIGN_MESSAGES, useAdProposal, type DesignView } from '../api/designs';
import { AdDesignForm } from './AdDesignForm';

export interface AdStepProps {
  projectId: string;
  /** The picture just generated. */
  sourceId: string;
  /** The brand kit has a logo to place. */
  hasLogo: boolean;
}

/** The Generate panel's "Ad" step after an image: the proposed copy to edit, a layout, then the ad itself. */
export function AdStep({ projectId, sourceId, hasLogo }: AdStepProps) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<DesignView | null>(null);
  if (made) return <MadeAd design={made} onAnother={() => setMade(null)} />;
  if (!open) {
    return (
      <section aria-label="Ad" className="flex flex-col items-center gap-1.5 text-center" data-testid="ad-step">
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          <Megaphone className="h-4 w-4" aria-hidden /> Make an ad from this image
        </Button>
        <p className="text-xs text-slate-500">Headline, offer and button in your brand kit — free.</p>
      </section>
    );
  }
  return (
    <section aria-label="Ad" data-testid="ad-step">
      <ProposedForm projectId={projectId} sourceId={sourceId} hasLogo={hasLogo} onMade={setMade} onCancel={() => setOpen(false)} />
    </section>
  );
}

/** The form, once the proposal is known (or could not be written: then it starts empty and says so). */
function ProposedForm({ projectId, sourceId, hasLogo, onMade, onCancel }: AdStepProps & { onMade: (design: DesignView) => void; onCancel: () => void }) {
  const proposal = useAdProposal(sourceId);
  if (proposal.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-4 text-sm text-slate-500">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Writing ad copy…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {proposal.isError ? (
        <p role="status" className="text-sm text-amber-700">
          {errorMessage(proposal.error, DESIGN_MESSAGES.proposalFailed)}
        </p>
      ) : null}
      <AdDesignForm projectId={projectId} sourceId={sourceId} hasLogo={hasLogo} initial={proposal.data} onMade={onMade} onCancel={onCancel} />
    </div>
  );
}

function MadeAd({ design, onAnother }: { design: DesignView; onAnother: () => void }) {
  return (
    <section aria-label="Ad" className="flex flex-col items-center gap-2" data-testid="ad-step">
      <img
        src={design.url}
        alt={`Ad: ${design.design.copy.headline}`}
        className="w-full max-w-xs rounded-xl ring-1 ring-slate-900/5"
        width={design.width ?? undefined}
        height={design.height ?? undefined}
      />
      <p className="flex items-center gap-1.5 text-center text-xs text-slate-500">
        <LayoutDashboard className="h-3.5 w-3.5 shrink-0" aria-hidden />
        Your ad is on the storyboard — change its text in the picture’s detail view. No credits used.
      </p>
      <Button variant="ghost" size="sm" onClick={onAnother}>
        Make another ad
      </Button>
    </section>
  );
}
