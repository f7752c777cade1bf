import { Clapperboard, HelpCircle, ImageIcon, Lightbulb } from 'lucide-react';
import { useImageEngines, useProviders, videoIsHosted } from '@/api/providers';
import { EngineChoice } from '@/components/engine/EngineChoice';
import { chosenEngine, useRememberedEngine } from '@/lib/imageEngine';
import type { StructuredResponse } from '../logic/messages';

/** The assistant's brief, readable: the refined prompts in a card, the note, and its question when it needs one. */
export function BriefCard({ structured }: { structured: StructuredResponse }) {
  const { refinedImagePrompt, refinedVideoPrompt, readyForVideo, additionalComments } = structured;
  const providers = useProviders();
  const engines = useImageEngines();
  const [rememberedEngine, setEngine] = useRememberedEngine();
  if (!refinedImagePrompt && !refinedVideoPrompt && !additionalComments) return null;
  return (
    <div className="flex flex-col gap-2">
      {refinedImagePrompt || refinedVideoPrompt ? (
        <div data-testid="brief" className="rounded-xl border border-brand-100 bg-gradient-to-br from-brand-50/80 to-white px-3.5 py-3">
          <h3 className="text-[11px] font-semibold tracking-wider text-brand-700 uppercase">Brief</h3>
          {refinedImagePrompt ? (
            <div className="mt-1.5">
              <p className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
                <ImageIcon className="h-3.5 w-3.5" aria-hidden /> Image
              </p>
              <p className="mt-0.5 text-sm leading-relaxed whitespace-pre-line text-slate-800" data-testid="brief-image-prompt">
                {refinedImagePrompt}
              </p>
              <div className="mt-2">
                <EngineChoice compact engines={engines} value={chosenEngine(engines, rememberedEngine)} onChange={setEngine} />
              </div>
            </div>
          ) : null}
          {refinedVideoPrompt ? (
            // A video brief the seller did not ask for stays folded away.
            <details className="group mt-2" open={readyForVideo || !refinedImagePrompt}>
              <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded text-xs font-medium text-slate-600 hover:text-slate-800">
                <Clapperboard className="h-3.5 w-3.5" aria-hidden /> Video
                <span className="group-open:hidden">· show</span>
              </summary>
              <p className="mt-0.5 text-sm leading-relaxed whitespace-pre-line text-slate-800" data-testid="brief-video-prompt">
                {refinedVideoPrompt}
              </p>
              {videoIsHosted(providers) ? (
                <p className="mt-1 text-xs leading-snug text-slate-600" data-testid="hosted-video-note">
                  A hosted AI video may redraw your product as it moves; the studio engine keeps it exact in motion.
                </p>
              ) : null}
            </details>
          ) : null}
        </div>
      ) : null}
      {additionalComments ? (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-800 ring-1 ring-amber-100">
          <Lightbulb className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          <span>
            <span className="sr-only">Note: </span>
            {additionalComments}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** The assistant's reply text; a clarifying question stands out so the seller sees what to answer. */
export function ReplyText({ content, clarification }: { content: string; clarification: boolean }) {
  if (!content.trim()) return null;
  if (!clarification) return <p className="text-sm leading-relaxed whitespace-pre-line text-slate-800">{content}</p>;
  return (
    <div className="flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2.5 ring-1 ring-sky-100">
      <HelpCircle className="mt-0.5 h-4 w-4 shrink-0 text-sky-600" aria-hidden />
      <div>
        <p className="text-[11px] font-semibold tracking-wider text-sky-700 uppercase">A quick question</p>
        <p className="mt-0.5 text-sm leading-relaxed whitespace-pre-line text-slate-800">{content}</p>
      </div>
    </div>
  );
}
