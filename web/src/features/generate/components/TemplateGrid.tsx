import * as RadioGroup from '@radix-ui/react-radio-group';
import { Check, CircleAlert, Flame, ImageOff, LayoutGrid, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import type { Template } from '../api/types';
import { GENERATE_MESSAGES } from '../logic/messages';
import { MAX_TEMPLATES, templateSummary, templateThumbnail } from '../logic/templates';

export interface TemplateGridProps {
  /** The templates to show (popular first, at most nine); undefined while the first list loads. */
  templates: readonly Template[] | undefined;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (templateId: string) => void;
}

const gridClass = 'grid grid-cols-2 gap-2 @xs:grid-cols-3 @md:gap-3';

/** The template choice: a radio group of real previews, popular ones tagged, the chosen one ringed and checked. */
export function TemplateGrid({ templates, failed, retrying, onRetry, selectedId, onSelect }: TemplateGridProps) {
  if (templates === undefined && failed) {
    return (
      <div role="alert" className="flex items-center justify-between gap-3 rounded-xl bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200">
        <span className="flex min-w-0 items-center gap-2">
          <CircleAlert className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate">{GENERATE_MESSAGES.loadTemplates}</span>
        </span>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-rose-700 transition hover:bg-rose-100 disabled:opacity-60"
        >
          <RotateCw className={cn('h-3.5 w-3.5', retrying && 'animate-spin')} aria-hidden />
          Retry
        </button>
      </div>
    );
  }

  if (templates === undefined) {
    return (
      <ul aria-label="Loading templates" aria-busy className={gridClass}>
        {Array.from({ length: MAX_TEMPLATES }, (_, index) => (
          <li key={index} className="rounded-xl p-1.5 ring-1 ring-slate-100">
            <span className="block aspect-square animate-pulse rounded-lg bg-slate-100" />
            <span className="mt-2 block h-3 w-3/4 animate-pulse rounded bg-slate-100" />
            <span className="mt-1.5 mb-0.5 block h-2.5 w-1/2 animate-pulse rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    );
  }

  if (templates.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-500 ring-1 ring-slate-200">
        <LayoutGrid className="h-4 w-4 shrink-0" aria-hidden />
        No templates are available yet.
      </p>
    );
  }

  return (
    <RadioGroup.Root value={selectedId} onValueChange={onSelect} aria-label="Select Template" className={gridClass} data-testid="template-grid">
      {templates.map((template) => (
        <TemplateOption key={template.template_id} template={template} />
      ))}
    </RadioGroup.Root>
  );
}

function TemplateOption({ template }: { template: Template }) {
  const [state, setState] = useState<'loading' | 'ready' | 'broken'>('loading');
  const summary = templateSummary(template);
  return (
    <RadioGroup.Item
      value={template.template_id}
      aria-label={template.name}
      data-testid="template-option"
      className={cn(
        'group flex min-w-0 flex-col rounded-xl bg-white p-1.5 text-left ring-1 ring-slate-200 transition',
        'hover:-translate-y-px hover:shadow-md hover:ring-slate-300',
        'data-[state=checked]:shadow-md data-[state=checked]:shadow-brand-500/15 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-500',
      )}
    >
      <span className="relative block aspect-square w-full overflow-hidden rounded-lg bg-slate-100">
        {state === 'broken' ? (
          <span className="absolute inset-0 flex items-center justify-center text-slate-400">
            <ImageOff className="h-5 w-5" aria-hidden />
          </span>
        ) : (
          <>
            {state === 'loading' ? <span aria-hidden className="absolute inset-0 animate-pulse bg-slate-200/70" /> : null}
            <img
              src={templateThumbnail(template)}
              alt={template.name}
              loading="lazy"
              decoding="async"
              draggable={false}
              onLoad={() => setState('ready')}
              onError={() => setState('broken')}
              className={cn('h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]', state === 'ready' ? 'opacity-100' : 'opacity-0')}
            />
          </>
        )}
        {template.is_popular ? (
          <span className="absolute bottom-1.5 left-1.5 inline-flex items-center gap-0.5 rounded-full bg-white/90 px-1.5 py-0.5 text-[10px] font-semibold text-amber-700 shadow-sm backdrop-blur">
            <Flame className="h-3 w-3" aria-hidden />
            Popular
          </span>
        ) : null}
        <RadioGroup.Indicator className="absolute top-1.5 right-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-white shadow-md ring-2 ring-white">
          <Check className="h-3.5 w-3.5" strokeWidth={3} aria-hidden />
        </RadioGroup.Indicator>
      </span>
      <span className="mt-1.5 line-clamp-2 px-0.5 text-xs leading-tight font-semibold text-slate-900 group-data-[state=checked]:text-brand-700">
        {template.name}
      </span>
      {summary ? <span className="mt-0.5 hidden truncate px-0.5 pb-0.5 text-[11px] text-slate-500 @md:block">{summary}</span> : null}
    </RadioGroup.Item>
  );
}
