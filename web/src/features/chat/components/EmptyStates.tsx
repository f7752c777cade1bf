import { MessageSquareText, Sparkles } from 'lucide-react';
import { CHAT_TEXT } from '../logic/texts';

/** No project or scene yet. */
export function NoScene() {
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        <MessageSquareText className="h-6 w-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">{CHAT_TEXT.selectScene}</h2>
      <p className="mt-1.5 max-w-xs text-sm text-slate-500">Pick a campaign from the storyboard, or create one, and describe the shot you want.</p>
    </div>
  );
}

/** An empty thread: what to type. The sample prompts are the suggestions above the input, one click away, so they are not repeated here. */
export function WelcomeCard() {
  return (
    <section aria-labelledby="chat-welcome-title" className="mb-5 rounded-2xl bg-gradient-to-br from-brand-50 via-white to-pink-50 p-5 ring-1 ring-brand-100">
      <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-pink-500 text-white shadow-md shadow-brand-500/20">
        <Sparkles className="h-5 w-5" aria-hidden />
      </span>
      <h2 id="chat-welcome-title" className="mt-3 text-base font-semibold text-slate-900">
        What should we shoot?
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-slate-600">
        Describe the product and the scene — setting, light, mood, or a short video — or start from a suggestion under the thread. The assistant turns it into a
        brief you can generate with one click.
      </p>
    </section>
  );
}
