import { ImageUp, Loader2, Plus, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { BRAND_KIT_MESSAGES, useBrandKit, useSaveBrandKit, useUploadLogo, type BrandKit } from '../api/brandKit';
import { inkOn, MAX_COLOURS, MAX_TAGLINE, nextColour, replaceColour } from '../logic/colours';

export interface BrandKitSectionProps {
  projectId: string;
}

/** The project's brand kit: logo upload (its colours are picked from it), colour chips, fonts and tagline. */
export function BrandKitSection({ projectId }: BrandKitSectionProps) {
  const query = useBrandKit(projectId);
  if (query.isPending) return <Spinner className="m-auto flex py-8 text-brand-600" label="Loading brand kit..." />;
  if (query.isError) return <p className="text-sm text-rose-600">{BRAND_KIT_MESSAGES.loadFailed}</p>;
  // Keyed by the logo, so a new logo's colours replace the form's.
  return <BrandKitForm key={query.data.logo_url ?? 'none'} projectId={projectId} kit={query.data} />;
}

function BrandKitForm({ projectId, kit }: { projectId: string; kit: BrandKit }) {
  const [colours, setColours] = useState<string[]>(kit.colours);
  const [headingFont, setHeadingFont] = useState(kit.heading_font);
  const [bodyFont, setBodyFont] = useState(kit.body_font);
  const [tagline, setTagline] = useState(kit.tagline ?? '');
  const [saved, setSaved] = useState(false);
  const save = useSaveBrandKit(projectId);
  const upload = useUploadLogo(projectId);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const bodyId = useId();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };
  const onSave = () => {
    setSaved(false);
    save.mutate({ colours, heading_font: headingFont, body_font: bodyFont, tagline: tagline.trim() || null }, { onSuccess: () => setSaved(true) });
  };
  const added = nextColour(colours);

  return (
    <div className="flex flex-col gap-5" data-testid="brand-kit">
      <section aria-label="Logo" className="flex items-center gap-4">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-[conic-gradient(#e2e8f0_25%,#fff_0_50%,#e2e8f0_0_75%,#fff_0)] bg-[length:16px_16px] ring-1 ring-slate-200">
          {kit.logo_url ? (
            <img src={kit.logo_url} alt="Your logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-slate-400">No logo</span>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
            {upload.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <ImageUp className="h-4 w-4" aria-hidden />}
            {kit.logo_url ? 'Replace logo' : 'Upload logo'}
          </Button>
          <p className="text-xs text-slate-500">PNG (transparency kept), JPEG or WebP. Its colours become your brand colours.</p>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            aria-label="Logo file"
            data-testid="logo-input"
            onChange={onFile}
          />
          {upload.isError ? (
            <p role="alert" className="text-sm text-rose-600">
              {errorMessage(upload.error, BRAND_KIT_MESSAGES.uploadFailed)}
            </p>
          ) : null}
        </div>
      </section>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">Brand colours</legend>
        <ul className="flex flex-wrap gap-2" aria-label="Brand colours">
          {colours.map((colour, index) => (
            <li key={colour} className="flex items-center overflow-hidden rounded-lg ring-1 ring-slate-200">
              <label
                className="flex h-9 cursor-pointer items-center gap-2 px-2 text-xs font-medium tabular-nums"
                style={{ background: colour, color: inkOn(colour) }}
              >
                <input
                  type="color"
                  value={colour}
                  aria-label={`Colour ${index + 1}`}
                  className="h-0 w-0 opacity-0"
                  onChange={(event) => setColours(replaceColour(colours, index, event.target.value.toLowerCase()))}
                />
                {colour}
              </label>
              <button
                type="button"
                aria-label={`Remove ${colour}`}
                className="flex h-9 w-7 items-center justify-center bg-white text-slate-500 hover:text-slate-900"
                onClick={() => setColours(colours.filter((_, i) => i !== index))}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
          {added ? (
            <li>
              <Button variant="ghost" size="sm" className="h-9" onClick={() => setColours([...colours, added])}>
                <Plus className="h-4 w-4" aria-hidden /> Add colour
              </Button>
            </li>
          ) : null}
        </ul>
        <p className="text-xs text-slate-500">Up to {MAX_COLOURS}. The first fills bars and panels, the second buttons and badges.</p>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FontSelect id={headingId} label="Heading font" value={headingFont} fonts={kit.fonts} onChange={setHeadingFont} />
        <FontSelect id={bodyId} label="Body font" value={bodyFont} fonts={kit.fonts} onChange={setBodyFont} />
      </div>

      <Field label="Tagline" value={tagline} maxLength={MAX_TAGLINE} placeholder="Roasted this morning" onChange={(event) => setTagline(event.target.value)} />

      <div className="flex items-center gap-3">
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null} Save brand kit
        </Button>
        {save.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            {errorMessage(save.error, BRAND_KIT_MESSAGES.saveFailed)}
          </p>
        ) : saved ? (
          <p role="status" className="text-sm text-emerald-700">
            Saved
          </p>
        ) : null}
      </div>
    </div>
  );
}

function FontSelect({ id, label, value, fonts, onChange }: { id: string; label: string; value: string; fonts: string[]; onChange: (font: string) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
      >
        {fonts.map((font) => (
          <option key={font} value={font}>
            {font}
          </option>
        ))}
      </select>
    </div>
  );
}
