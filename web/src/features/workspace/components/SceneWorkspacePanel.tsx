import * as Tabs from '@radix-ui/react-tabs';
import { MessageSquareText, Wand2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useFeatureFlag } from '@/api/featureFlags';
import { BROWSER_EVENTS, onBrowserEvent, useBrowserEvent } from '@/lib/browserEvents';

export type WorkspaceTab = 'chat' | 'generate';

export interface SceneWorkspacePanelProps {
  /** The scene selector bar (desktop); null on mobile, where the workspace shows it above. */
  header: ReactNode;
  chat: ReactNode;
  generate: ReactNode;
  /** Called when a tab is shown (switching to Generate reloads the scene's product images). */
  onTabShown?: (tab: WorkspaceTab) => void;
}

/**
 * A request for the Generate tab made while no panel was on screen (a phone showing the
 * storyboard): the panel opens on that tab when it appears.
 */
let generateRequested = false;
onBrowserEvent(BROWSER_EVENTS.showGenerate, () => {
  generateRequested = true;
});

function initialTab(): WorkspaceTab {
  if (!generateRequested) return 'chat';
  generateRequested = false;
  return 'generate';
}

/**
 * The left panel: the scene selector, then the Generate and Chat tabs when the chat interface is on,
 * or the Generate panel alone when it is off (no chat input or suggestions anywhere then).
 */
export function SceneWorkspacePanel({ header, chat, generate, onTabShown }: SceneWorkspacePanelProps) {
  const chatEnabled = useFeatureFlag('chat_interface');
  const [tab, setTab] = useState<WorkspaceTab>(initialTab);
  useBrowserEvent(BROWSER_EVENTS.showGenerate, () => {
    generateRequested = false;
    setTab('generate');
    onTabShown?.('generate');
  });
  return (
    <section aria-label="Campaign workspace" className="flex h-full min-h-0 flex-col bg-white">
      {header ? <div className="border-b border-slate-200 px-4 py-3">{header}</div> : null}
      {chatEnabled ? (
        <Tabs.Root
          value={tab}
          onValueChange={(value) => {
            const next = value === 'generate' ? 'generate' : 'chat';
            setTab(next);
            onTabShown?.(next);
          }}
          className="flex min-h-0 flex-1 flex-col"
        >
          <Tabs.List aria-label="Workspace mode" className="flex shrink-0 gap-1 border-b border-slate-200 px-4">
            <TabTrigger value="generate" icon={<Wand2 className="h-4 w-4" aria-hidden />} label="Generate" />
            <TabTrigger value="chat" icon={<MessageSquareText className="h-4 w-4" aria-hidden />} label="Chat" />
          </Tabs.List>
          <Tabs.Content value="chat" className="flex min-h-0 flex-1 flex-col outline-none">
            {chat}
          </Tabs.Content>
          <Tabs.Content value="generate" className="flex min-h-0 flex-1 flex-col outline-none">
            {generate}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col">{generate}</div>
      )}
    </section>
  );
}

function TabTrigger({ value, icon, label }: { value: string; icon: ReactNode; label: string }) {
  return (
    <Tabs.Trigger
      value={value}
      className="-mb-px inline-flex h-11 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium text-slate-500 transition hover:text-slate-800 focus-visible:rounded-t-md focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
    >
      {icon}
      {label}
    </Tabs.Trigger>
  );
}
