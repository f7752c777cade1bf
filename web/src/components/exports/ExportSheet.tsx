import { AlertTriangle, Check, CheckCircle2, Download, Loader2, Package, X } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import type { MediaAsset } from '@/api/types';
import { cn } from '@/lib/cn';
import { EXPORT_LOAD_FAILED, EXPORT_START_FAILED, isFinished, useExport, useStartExport, type ExportedFile } from '@/api/exports';
import { useSceneAds, type AdChoice } from './ads';
import { useSceneMusic, type MusicChoice } from './music';
import { checksSummary, EXPORT_TERMS, ordered, presetChosen, PRESETS, REEL_TARGETS, TARGETS, togglePreset, type TargetName } from './targets';

/** What an export starts from: an image makes pictures; a video makes reels with its campaign's music. */
export type ExportAsset = Pick<MediaAsset, 'id' | 'file_type' | 'project_id' | 'scene_id'>;

export interface ExportSheetProps {
  asset: ExportAsset;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const STAGES: Record<string, string> = {
  starting: 'Starting…',
  preparing: 'Reading the file…',
  cutout: 'Cutting out the product…',
  music: 'Fitting the music to the video…',
  composing: 'Composing each format…',
  storing: 'Saving the files…',
};

/** Choose targets, follow the export, then check and download each file or all of them as a ZIP. */
export function ExportSheet({ asset, open, onOpenChange }: ExportSheetProps) {
  const reels = asset.file_type === 'video';
  const [selected, setSelected] = useState<Set<TargetName>>(() => new Set(reels ? ['reel'] : PRESETS[0]?.targets));
  const music = useSceneMusic(asset.project_id ?? null, asset.scene_id ?? null, reels);
  const [picked, setMusicId] = useState('');
  // The first track until the seller picks one (the list arrives after the sheet opens).
  const musicId = picked || (music?.[0]?.id ?? '');
  const ads = useSceneAds(asset.project_id ?? null, asset.scene_id ?? null, reels);
  const [withCards, setWithCards] = useState(false);
  const [pickedAd, setAdId] = useState('');
  // The newest ad until the seller picks one.
  const adId = pickedAd || (ads?.[ads.length - 1]?.id ?? '');
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartExport();
  const followed = useExport(jobId);
  const view = followed.data;
  const running = jobId !== null && !isFinished(view) && !followed.isError;
  const groupId = useId();

  const toggle = (name: TargetName) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const submit = () => {
    start.mutate(
      {
        assetId: asset.id,
        targets: ordered(selected),
        audioAssetId: reels ? musicId : undefined,
        cardsFrom: reels && withCards && adId ? adId : undefined,
      },
      { onSuccess: (id) => setJobId(id) },
    );
  };
  const again = () => {
    setJobId(null);
    start.reset();
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={reels ? 'Export a reel with music' : 'Export for marketplaces and social'}
      description={
        reels ? 'The whole video in each reel format, with your music cut to its length and faded out.' : 'One file per place, each made to its size and rules.'
      }
      className="flex max-h-[calc(100dvh-2rem)] max-w-2xl flex-col overflow-hidden p-4 sm:p-6"
    >
      <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1" data-testid="export-sheet">
        {jobId === null ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            className="flex flex-col gap-4"
          >
            {reels ? (
              <>
                <MusicPicker music={music} value={musicId} onChange={setMusicId} />
                <CardsPicker ads={ads} checked={withCards} onCheckedChange={setWithCards} value={adId} onChange={setAdId} />
              </>
            ) : (
              <div role="group" aria-label="Presets" className="flex flex-wrap gap-2">
                {PRESETS.map((preset) => {
                  const active = presetChosen(selected, preset.targets);
                  return (
                    <Button
                      key={preset.name}
                      size="sm"
                      variant={active ? 'primary' : 'secondary'}
                      aria-pressed={active}
                      onClick={() => setSelected((current) => togglePreset(current, preset.targets))}
                    >
                      {preset.name}
                    </Button>
                  );
                })}
              </div>
            )}
            <p role="note" className="text-xs text-slate-600" data-testid="export-terms">
              {EXPORT_TERMS}
            </p>
            <fieldset aria-labelledby={groupId} className="flex flex-col gap-1">
              <legend id={groupId} className="mb-1 text-sm font-medium text-slate-700">
                Files to make
              </legend>
              {(reels ? REEL_TARGETS : TARGETS).map((target) => (
                <label key={target.name} className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50">
                  <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" checked={selected.has(target.name)} onChange={() => toggle(target.name)} />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-slate-800">{target.label}</span>
                    <span className="block text-xs text-slate-500">{target.size}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {start.isError ? (
              <p role="alert" className="text-sm text-rose-700">
                {errorMessage(start.error, EXPORT_START_FAILED)}
              </p>
            ) : null}
            <div className="flex justify-end">
              <Button type="submit" disabled={selected.size === 0 || start.isPending || (reels && !musicId)} aria-busy={start.isPending}>
                {start.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Package className="h-4 w-4" aria-hidden />}
                Export {selected.size} {selected.size === 1 ? 'file' : 'files'}
              </Button>
            </div>
          </form>
        ) : running ? (
          <div className="flex flex-col gap-3 py-6" role="status" aria-live="polite">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <Loader2 className="h-4 w-4 animate-spin text-brand-600" aria-hidden />
              {STAGES[view?.stage ?? 'starting'] ?? 'Working…'}
            </p>
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label="Export progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={view?.progress ?? 0}
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.max(4, view?.progress ?? 0)}%` }} />
            </div>
          </div>
        ) : followed.isError ? (
          <p role="alert" className="py-6 text-sm text-rose-700">
            {errorMessage(followed.error, EXPORT_LOAD_FAILED)}
          </p>
        ) : view?.status === 'failed' ? (
          <div className="flex flex-col gap-3 py-4">
            <p role="alert" className="text-sm text-rose-700">
              {view.error ?? 'The export failed.'}
            </p>
            <div>
              <Button variant="secondary" size="sm" onClick={again}>
                Try again
              </Button>
            </div>
          </div>
        ) : view ? (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              {view.zip_url ? (
                <a
                  href={view.zip_url}
                  download
                  className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
                >
                  <Download className="h-4 w-4" aria-hidden /> Download all (ZIP)
                </a>
              ) : null}
              <Button variant="ghost" size="sm" onClick={again}>
                Export other formats
              </Button>
            </div>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Exported files">
              {view.files.map((file) => (
                <ExportedFileCard key={file.asset_id} file={file} />
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

/** Title and end cards from one of the campaign's ads, or how to get one. */
function CardsPicker({
  ads,
  checked,
  onCheckedChange,
  value,
  onChange,
}: {
  ads: AdChoice[] | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  value: string;
  onChange: (id: string) => void;
}) {
  const selectId = useId();
  if (ads === undefined) return null;
  if (ads.length === 0) {
    return (
      <p className="text-xs text-slate-600" data-testid="cards-none">
        To open and close the reel with your ad’s words and logo, make an ad from a picture of this campaign first.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <label className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
        <span className="min-w-0">
          <span className="block text-sm font-medium text-slate-800">Title and end cards from the ad</span>
          <span className="block text-xs text-slate-500">
            The ad’s headline and offer over the first seconds; your logo, tagline and call to action at the end, in your brand’s colours, each fading.
          </span>
        </span>
      </label>
      {checked && ads.length > 1 ? (
        <label htmlFor={selectId} className="flex flex-col gap-1 px-2 text-sm text-slate-700">
          Ad
          <select
            id={selectId}
            className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          >
            {ads.map((ad) => (
              <option key={ad.id} value={ad.id}>
                {ad.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}

/** The campaign's music tracks to choose from, or how to get one. */
function MusicPicker({ music, value, onChange }: { music: MusicChoice[] | undefined; value: string; onChange: (id: string) => void }) {
  const id = useId();
  if (music === undefined) return <Spinner className="text-sm text-slate-600" label="Loading the campaign’s music…" />;
  if (music.length === 0) {
    return (
      <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        A reel needs music, and this campaign has none yet. Make some with “Make music for this campaign” in the chat, then export the video again.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Music
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-lg bg-white px-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset"
      >
        {music.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ExportedFileCard({ file }: { file: ExportedFile }) {
  const passed = file.checks.every((c) => c.ok);
  const transparent = file.mime_type === 'image/png';
  const video = file.mime_type.startsWith('video/');
  return (
    <li className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-slate-200" data-testid="exported-file" data-target={file.target}>
      <div
        className={cn(
          'flex h-40 items-center justify-center overflow-hidden rounded-lg',
          // A checkerboard shows what is transparent.
          transparent ? 'bg-[conic-gradient(#e2e8f0_25%,#fff_0_50%,#e2e8f0_0_75%,#fff_0)] bg-[length:16px_16px]' : 'bg-slate-100',
        )}
      >
        {video ? (
          <video
            controls
            playsInline
            preload="metadata"
            src={file.url}
            poster={file.thumbnail_url}
            aria-label={`${file.label} preview`}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <img src={file.thumbnail_url} alt={`${file.label} preview`} className="max-h-full max-w-full object-contain" loading="lazy" />
        )}
      </div>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-800">{file.label}</p>
          <p className="text-xs text-slate-500">
            {file.width}×{file.height} · {(file.file_size / 1_000_000).toFixed(1)} MB
          </p>
        </div>
        <a
          href={file.download_url}
          download={file.filename}
          title={`Download ${file.filename}`}
          aria-label={`Download ${file.label}`}
          className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-200 ring-inset hover:bg-slate-50"
        >
          <Download className="h-4 w-4" aria-hidden />
        </a>
      </div>
      <p className={cn('flex items-center gap-1.5 text-xs font-medium', passed ? 'text-emerald-700' : 'text-amber-700')}>
        {passed ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : <AlertTriangle className="h-4 w-4" aria-hidden />}
        {checksSummary(file.checks)}
      </p>
      <ul className="flex flex-col gap-0.5 text-xs" aria-label={`${file.label} checks`}>
        {file.checks.map((check) => (
          <li key={check.rule} className={cn('flex gap-1.5', check.ok ? 'text-slate-600' : 'font-medium text-rose-700')}>
            {check.ok ? (
              <Check className="mt-px h-3.5 w-3.5 shrink-0 text-emerald-600" aria-label="passed" />
            ) : (
              <X className="mt-px h-3.5 w-3.5 shrink-0" aria-label="failed" />
            )}
            <span>{check.detail}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
