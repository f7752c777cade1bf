import { MOBILE_BREAKPOINT } from '@/lib/breakpoints';
import type { ChatMessage } from './messages';

/** Offered before the assistant has answered anything. */
export const SAMPLE_PROMPTS: readonly string[] = [
  'Hero shot on a marble counter, soft morning light',
  'A 5-second slow push-in for a social ad',
  'Flat lay with pastel props for a spring sale',
];

/** Phones show at most this many suggestions. */
export const MOBILE_SUGGESTION_LIMIT = 3;

/** The latest answer's suggestions once the assistant has answered, else the sample prompts; at most 3 on a phone. */
export function visibleSuggestions(messages: readonly ChatMessage[], viewportWidth: number): string[] {
  const latest = [...messages].reverse().find((message) => message.role === 'assistant' && message.status === 'completed');
  const all = latest ? (latest.structured?.suggestions ?? []) : [...SAMPLE_PROMPTS];
  const unique = [...new Set(all)];
  return viewportWidth < MOBILE_BREAKPOINT ? unique.slice(0, MOBILE_SUGGESTION_LIMIT) : unique;
}
