import { primaryPrompt, type ChatMessage } from './messages';
import { CHAT_TEXT } from './texts';

/** A suggestion about sound: clicking it makes a track rather than filling the input. */
export function isMusicSuggestion(suggestion: string): boolean {
  return /\b(music|musical|soundtrack|jingle|audio)\b/i.test(suggestion);
}

/** The track's prompt: the scene's latest brief, else its last user message, else a general one. */
export function musicPrompt(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    const prompt = message && message.role === 'assistant' ? primaryPrompt(message) : null;
    if (prompt) return prompt;
  }
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'user' && message.content.trim()) return message.content.trim();
  }
  return CHAT_TEXT.musicDefaultPrompt;
}

/** The answer the track joins (so it plays in the thread): the newest one the server has stored. */
export function musicParentMessageId(messages: readonly ChatMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'assistant' && message.status !== 'pending') return message.id;
  }
  return null;
}
