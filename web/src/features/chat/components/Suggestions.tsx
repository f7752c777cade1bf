import { Music, Sparkles } from 'lucide-react';
import { cn } from '@/lib/cn';
import { isMusicSuggestion } from '../logic/music';

export interface SuggestionsProps {
  suggestions: readonly string[];
  onPick: (suggestion: string) => void;
  onMusic: (suggestion: string) => void;
  musicDisabled: boolean;
}

/** Clickable next steps above the input: one row that scrolls sideways on a phone, wrapping on wider screens. */
export function Suggestions({ suggestions, onPick, onMusic, musicDisabled }: SuggestionsProps) {
  if (suggestions.length === 0) return null;
  return (
    <ul aria-label="Suggestions" className="flex gap-2 overflow-x-auto pb-0.5 [scrollbar-width:none] md:flex-wrap md:overflow-visible">
      {suggestions.map((suggestion) => {
        const music = isMusicSuggestion(suggestion);
        return (
          <li key={suggestion} className="shrink-0 md:shrink">
            <button
              type="button"
              onClick={() => (music ? onMusic(suggestion) : onPick(suggestion))}
              disabled={music && musicDisabled}
              title={music ? 'Makes a music track for this campaign (1 credit)' : undefined}
              className={cn(
                'inline-flex max-w-[18rem] items-center gap-1.5 rounded-full px-3 py-1.5 text-left text-xs font-medium ring-1 transition disabled:opacity-50 md:max-w-none',
                music
                  ? 'bg-amber-50 text-amber-800 ring-amber-200 hover:bg-amber-100'
                  : 'bg-white text-slate-700 ring-slate-200 hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200',
              )}
            >
              {music ? <Music className="h-3.5 w-3.5 shrink-0" aria-hidden /> : <Sparkles className="h-3.5 w-3.5 shrink-0 text-brand-500" aria-hidden />}
              <span className="truncate md:whitespace-normal">{suggestion}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
