import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import type { MediaAsset } from '@/api/types';
import { Button } from '@/components/ui/Button';
import { useBrandKit } from '@/features/brand-kit';
import { AdDesignForm, AdStep, DesignCopyEditor } from '@/features/designs';

export interface AdToolsProps {
  asset: MediaAsset;
  projectId: string;
}

/** Under a picture in the campaign detail: its ad text when it is a design, else the "Make an ad" step. */
export function AdTools({ asset, projectId }: AdToolsProps) {
  const [open, setOpen] = useState(false);
  const hasLogo = useHasLogo(projectId);
  if (asset.file_type !== 'image' || asset.file_metadata?.export) return null;
  const design = asset.file_metadata?.design;
  if (design) {
    return (
      <DesignCopyEditor
        key={`${asset.id}-${design.copy.headline}-${design.copy.offer ?? ''}-${design.copy.cta ?? ''}-${String(design.copy.logo)}`}
        projectId={projectId}
        designId={asset.id}
        headline={design.copy.headline}
        offer={design.copy.offer ?? null}
        cta={design.copy.cta ?? null}
        logo={design.copy.logo ?? false}
        hasLogo={hasLogo}
      />
    );
  }
  if (!open) {
    return (
      <div>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          <Megaphone className="h-4 w-4" aria-hidden /> Make an ad
        </Button>
      </div>
    );
  }
  return <AdDesignForm projectId={projectId} sourceId={asset.id} hasLogo={hasLogo} onMade={() => setOpen(false)} onCancel={() => setOpen(false)} />;
}

/** The Generate panel's "Ad" step under a picture just generated. */
export function GeneratedAdStep({ projectId, assetId }: { projectId: string; assetId: string }) {
  return <AdStep projectId={projectId} sourceId={assetId} hasLogo={useHasLogo(projectId)} />;
}

function useHasLogo(projectId: string): boolean {
  return Boolean(useBrandKit(projectId).data?.logo_url);
}
