import { Check, Download, Link2, Loader2, Pencil, Star, Trash2 } from 'lucide-react';
import type { MediaAsset } from '@/api/types';
import { downloadUrlOf } from '@/components/media/mediaUrls';
import { Button } from '@/components/ui/Button';
import { ExportButton, exportable } from '@/components/exports';
import { useShareLink } from '../state/useShareLink';

const linkButton =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50';

interface AssetActionsProps {
  asset: MediaAsset;
  /** Stored on the server (a local placeholder can do nothing yet). */
  serverAsset: boolean;
  isCover: boolean;
  /** Why an edit cannot be paid for, or null. */
  editShortfall: string | null;
  onSetCover: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** What can be done with the asset shown: set it as cover, edit, copy a share link, export, download, delete. */
export function AssetActions({ asset, serverAsset, isCover, editShortfall, onSetCover, onEdit, onDelete }: AssetActionsProps) {
  const share = useShareLink();
  const download = downloadUrlOf(asset);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" title="Set as cover" onClick={onSetCover} disabled={!serverAsset || isCover}>
        <Star className="h-4 w-4" aria-hidden /> Set as cover
      </Button>
      {asset.file_type === 'image' && serverAsset ? (
        <Button variant="secondary" size="sm" title={editShortfall ?? 'Edit image'} onClick={onEdit} disabled={editShortfall !== null}>
          <Pencil className="h-4 w-4" aria-hidden /> Edit image
          {editShortfall ? <span className="text-xs font-normal text-slate-600">· {editShortfall}</span> : null}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        title="Copy a link that opens this file for anyone until it expires"
        onClick={() => void share.copy(asset.id)}
        disabled={!serverAsset || share.isBusy(asset.id)}
        aria-live="polite"
      >
        {share.isCopied(asset.id) ? (
          <Check className="h-4 w-4 text-emerald-600" aria-hidden />
        ) : share.isBusy(asset.id) ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        ) : (
          <Link2 className="h-4 w-4" aria-hidden />
        )}
        {share.isCopied(asset.id) ? 'Copied!' : 'Copy link'}
      </Button>
      {exportable(asset) && serverAsset ? <ExportButton asset={asset} /> : null}
      {download ? (
        <a href={download} download title="Download" className={linkButton}>
          <Download className="h-4 w-4" aria-hidden /> Download
        </a>
      ) : null}
      {download && asset.file_type === 'audio' ? (
        <span role="group" aria-label="Download the music as" className="inline-flex items-center gap-1">
          {(['m4a', 'wav'] as const).map((format) => (
            <a
              key={format}
              href={`${download}?format=${format}`}
              download
              title={format === 'm4a' ? 'Download as M4A (AAC), for phones and video editors' : 'Download as WAV (lossless)'}
              className={linkButton}
            >
              <Download className="h-4 w-4" aria-hidden /> {format.toUpperCase()}
            </a>
          ))}
        </span>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        title="Delete asset"
        onClick={onDelete}
        disabled={!serverAsset}
        className="text-rose-600 hover:bg-rose-50 hover:text-rose-700 sm:ml-auto"
      >
        <Trash2 className="h-4 w-4" aria-hidden /> Delete asset
      </Button>
    </div>
  );
}
