import * as Tabs from '@radix-ui/react-tabs';
import { MessageSquareText, SendHorizontal, Sparkles, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFeatureFlag } from '@/api/featureFlags';

const samplePrompts = [
  'Hero shot of my product on a marble counter, soft morning light',
  'A 5-second slow push-in for a social ad',
  'Flat lay with pastel props for a spring sale',
];

/** The left panel: scene selector header, the scene's reference images, then Generate and Chat (which arrive in a later release). */
export function ChatPanel({ header, referenceImages }: { header: ReactNode; referenceImages?: ReactNode }) {
  const chatEnabled = useFeatureFlag('chat_interface');
  return (
    <section aria-label="Scene workspace" className="flex h-full min-h-0 flex-col bg-white">
      {header ? <div className="border-b border-slate-200 px-4 py-3">{header}</div> : null}
      {referenceImages}
      {chatEnabled ? (
        <Tabs.Root defaultValue="chat" className="flex min-h-0 flex-1 flex-col">
          <Tabs.List aria-label="Workspace mode" className="flex gap-1 border-b border-slate-200 px-4">
            <TabTrigger value="generate" icon={<Wand2 className="h-4 w-4" aria-hidden />} label="Generate" />
            <TabTrigger value="chat" icon={<MessageSquareText className="h-4 w-4" aria-hidden />} label="Chat" />
          </Tabs.List>
          <Tabs.Content value="chat" className="flex min-h-0 flex-1 flex-col outline-none">
            <ComingSoon kind="chat" />
          </Tabs.Content>
          <Tabs.Content value="generate" className="flex min-h-0 flex-1 flex-col outline-none">
            <ComingSoon kind="generate" />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <ComingSoon kind="generate" />
      )}
    </section>
  );
}

function TabTrigger({ value, icon, label }: { value: string; icon: ReactNode; label: string }) {
  return (
    <Tabs.Trigger
      value={value}
      className="-mb-px inline-flex h-11 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium text-slate-500 transition hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
    >
      {icon}
      {label}
    </Tabs.Trigger>
  );
}

function ComingSoon({ kind }: { kind: 'chat' | 'generate' }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center-safe overflow-y-auto px-6 py-10 text-center">
        <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-pink-500 text-white shadow-lg shadow-brand-500/25">
          <Sparkles className="h-7 w-7" aria-hidden />
        </div>
        <h2 className="mt-5 text-lg font-semibold tracking-tight text-slate-900">The chat and generate tabs arrive soon</h2>
        <p className="mt-2 max-w-sm text-sm leading-relaxed text-slate-500">
          {kind === 'chat'
            ? 'Soon you will describe the shot you want and the assistant will refine it into images and videos for this campaign.'
            : 'Soon you will upload product photos, pick a template or style, and generate campaign images in a few clicks.'}
        </p>
        <ul className="mt-6 flex w-full max-w-sm flex-col gap-2" aria-label="Example prompts">
          {samplePrompts.map((prompt) => (
            <li key={prompt} className="rounded-xl bg-slate-50 px-4 py-2.5 text-left text-sm text-slate-600 ring-1 ring-slate-200">
              {prompt}
            </li>
          ))}
        </ul>
      </div>
      <div className="border-t border-slate-200 p-4">
        <div className="flex items-center gap-2 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
          <span className="flex-1 text-left text-sm text-slate-400">Describe your product shot…</span>
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-[11px] font-medium text-slate-600">Coming soon</span>
          <SendHorizontal className="h-4 w-4 text-slate-300" aria-hidden />
        </div>
      </div>
    </div>
  );
}
