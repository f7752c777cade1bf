import { Loader2, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';

export interface DeleteAssetDialogProps {
  open: boolean;
  busy: boolean;
  sceneName: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before an asset is deleted for good. */
export function DeleteAssetDialog({ open, busy, sceneName, onCancel, onConfirm }: DeleteAssetDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next || busy ? undefined : onCancel())}
      title="Delete this asset?"
      description={`It is removed from ${sceneName} and can't be recovered. Credits spent on it are not refunded.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Trash2 className="h-4 w-4" aria-hidden />}
          Delete asset
        </Button>
      </div>
    </Modal>
  );
}
