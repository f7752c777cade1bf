import { AlertTriangle, Loader2, Music, RotateCw, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFeatureFlag } from '@/api/featureFlags';
import { Button } from '@/components/ui/Button';
import { useCreditShortfall } from '@/lib/credits/shortfall';
import { setMuted, useMuted } from '@/lib/sound';
import { useViewportWidth } from '@/lib/useMediaQuery';
import { musicParentMessageId, musicPrompt } from '../logic/music';
import { canSend } from '../logic/send';
import { creditsLabel, generationCost, type GenerationSettings } from '../logic/settings';
import { visibleSuggestions } from '../logic/suggestions';
import { toMediaItemView, type ViewerEntry } from '../logic/thread';
import { useChatThread } from '../state/useChatThread';
import { useDock } from '../state/useDock';
import { useGenerations } from '../state/useGenerations';
import { useGenerationSettings } from '../state/useGenerationSettings';
import { useHighlights } from '../state/useHighlights';
import { useThreadActions } from '../state/useThreadActions';
import { ChatInput, type ChatInputHandle } from './ChatInput';
import { ChatMediaViewer } from './ChatMediaViewer';
import { NoScene, WelcomeCard } from './EmptyStates';
import { DockPanels } from './DockPanels';
import { MessageItem } from './MessageItem';
import { MessageList } from './MessageList';
import { Suggestions } from './Suggestions';

export interface ChatTabProps {
  projectId: string | null;
  sceneId: string | null;
  /** The scene's stored settings (from the scenes list); null until known. */
  sceneSettings: { quality: 'low' | 'medium' | 'high'; resolution: '1024x1024' | '1536x1024' | '1024x1536'; duration: number } | null;
  /** The scene's product images (ids, urls, a doubtful cutout's warning), undefined while loading. */
  referenceImages: readonly { id: string; url: string; cutoutWarning?: string | null }[] | undefined;
  /** The product-image panel to place in the tab (it has its own upload and drop logic). */
  referenceImagePanel: ReactNode;
  /** Takes a product photo off the campaign (from its thumbnail in the folded bar). */
  onRemoveReferenceImage: (id: string) => void;
  /** Opens "Adjust cutout" for a product photo. */
  onAdjustCutout?: (id: string) => void;
  /** Extra controls for the tab's toolbar (the page passes the style-preset picker and Save Style Preset). */
  toolbar?: ReactNode;
}

type Generations = ReturnType<typeof useGenerations>;

/** The Chat tab: the conversation with the creative assistant, and everything generated from it. */
export function ChatTab({
  projectId,
  sceneId,
  sceneSettings,
  referenceImages,
  referenceImagePanel,
  onRemoveReferenceImage,
  onAdjustCutout,
  toolbar,
}: ChatTabProps) {
  const { settings, change } = useGenerationSettings(projectId, sceneId, sceneSettings);
  const { highlighted, highlight } = useHighlights();
  const generations = useGenerations({ projectId, sceneId, settings, onMediaReady: highlight });
  const beta = useFeatureFlag('advanced_generation_settings');

  return (
    <section aria-label="Chat" className="@container flex h-full min-h-0 flex-1 flex-col bg-slate-50/60">
      {projectId && sceneId ? (
        <Conversation
          // Edit boxes, the viewer and the draft belong to one campaign; jobs keep running across campaigns.
          key={`${projectId}:${sceneId}`}
          projectId={projectId}
          sceneId={sceneId}
          settings={settings}
          onSettingsChange={change}
          beta={beta}
          referenceImages={referenceImages}
          referenceImagePanel={referenceImagePanel}
          onRemoveReferenceImage={onRemoveReferenceImage}
          onAdjustCutout={onAdjustCutout}
          toolbar={toolbar}
          generations={generations}
          highlighted={highlighted}
          highlight={highlight}
        />
      ) : (
        <>
          <Toolbar toolbar={toolbar} musicDisabled musicShortfall={null} musicRunning={false} onMakeMusic={() => undefined} />
          <NoScene />
        </>
      )}
    </section>
  );
}

interface ConversationProps {
  projectId: string;
  sceneId: string;
  settings: GenerationSettings;
  onSettingsChange: (patch: Partial<GenerationSettings>) => void;
  beta: boolean;
  referenceImages: ChatTabProps['referenceImages'];
  referenceImagePanel: ReactNode;
  onRemoveReferenceImage: (id: string) => void;
  onAdjustCutout: ChatTabProps['onAdjustCutout'];
  toolbar: ReactNode;
  generations: Generations;
  highlighted: ReadonlySet<string>;
  highlight: (assetId: string) => void;
}

function Conversation({
  projectId,
  sceneId,
  settings,
  onSettingsChange,
  beta,
  referenceImages,
  referenceImagePanel,
  onRemoveReferenceImage,
  onAdjustCutout,
  toolbar,
  generations,
  highlighted,
  highlight,
}: ConversationProps) {
  const referenceImageIds = useMemo(() => referenceImages?.map((image) => image.id) ?? [], [referenceImages]);
  const thread = useChatThread({ projectId, sceneId, settings, referenceImageIds });
  const viewportWidth = useViewportWidth();
  const { ref: dockRef, panel: dockPanel, compact: compactDock, openPanel, onFocus, onBlur } = useDock(sceneId, referenceImages?.length === 0, viewportWidth);
  const input = useRef<ChatInputHandle>(null);
  const [draft, setDraft] = useState('');

  const { followExisting } = generations;
  useEffect(() => followExisting(thread.messages, { projectId, sceneId }), [followExisting, thread.messages, projectId, sceneId]);
  const { messages, entries, actions, animate, afterImageEdit, viewerIndex, showInViewer, closeViewer } = useThreadActions({
    projectId,
    sceneId,
    settings,
    thread,
    generations,
    highlighted,
    highlight,
  });
  const items = useMemo(() => entries.map((entry) => toMediaItemView(entry.media)), [entries]);
  const suggestions = visibleSuggestions(messages, viewportWidth);
  const sendable = canSend({ text: draft, referenceImageCount: referenceImageIds.length, busy: thread.busy, hasScene: true });
  const musicShortfall = useCreditShortfall(generationCost('audio', settings));
  const musicDisabled = thread.sending || generations.busy || musicShortfall !== null;
  const videoCost = creditsLabel(generationCost('video', settings));
  const animateShortfall = useCreditShortfall(generationCost('video', settings));

  const submit = async () => {
    if (!sendable) return;
    const text = draft;
    setDraft('');
    const result = await thread.send(text);
    // A send that did not go keeps the seller's words.
    if (result === 'failed' || result === 'refused') setDraft((current) => current || text);
  };

  const pickSuggestion = (suggestion: string) => {
    setDraft(suggestion);
    input.current?.focus();
  };

  const makeMusic = () => {
    if (musicDisabled) return;
    void generations.start({ type: 'music', parentMessageId: musicParentMessageId(messages), prompt: musicPrompt(messages) });
  };

  return (
    <>
      <Toolbar
        toolbar={toolbar}
        musicDisabled={musicDisabled}
        musicShortfall={musicShortfall}
        musicRunning={generations.musicRunning}
        onMakeMusic={makeMusic}
      />

      {thread.loading ? (
        <ThreadSkeleton />
      ) : thread.error && messages.length === 0 ? (
        <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
          <AlertTriangle className="h-6 w-6 text-rose-500" aria-hidden />
          <p className="text-sm text-slate-600">The conversation could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={thread.retry}>
            <RotateCw className="h-3.5 w-3.5" aria-hidden />
            Try again
          </Button>
        </div>
      ) : (
        <MessageList
          messages={messages}
          renderMessage={(message) => <MessageItem message={message} actions={actions} />}
          hasOlder={thread.hasOlder}
          loadingOlder={thread.loadingOlder}
          onLoadOlder={thread.loadOlder}
          intro={messages.length === 0 ? <WelcomeCard /> : null}
        />
      )}

      <div ref={dockRef} className="shrink-0 border-t border-slate-200 bg-white" onFocus={onFocus} onBlur={onBlur}>
        <div className="flex max-h-[42vh] flex-col gap-2 overflow-y-auto px-3 pt-2.5">
          <DockPanels
            open={dockPanel}
            compact={compactDock}
            onOpenChange={openPanel}
            referenceImages={referenceImages}
            referenceImagePanel={referenceImagePanel}
            onRemoveReferenceImage={onRemoveReferenceImage}
            onAdjustCutout={onAdjustCutout}
            settings={settings}
            onSettingsChange={onSettingsChange}
            beta={beta}
            suggestions={<Suggestions suggestions={suggestions} onPick={pickSuggestion} onMusic={makeMusic} musicDisabled={musicDisabled} />}
          />
        </div>
        <div className="px-3 pt-2 pb-3">
          <ChatInput ref={input} value={draft} onChange={setDraft} onSend={() => void submit()} canSend={sendable} sending={thread.sending} />
        </div>
      </div>

      {viewerIndex >= 0 ? (
        <ChatMediaViewer
          entries={entries}
          items={items}
          index={viewerIndex}
          onIndexChange={showInViewer}
          onClose={closeViewer}
          projectId={projectId}
          sceneId={sceneId}
          animateCost={videoCost}
          animateShortfall={animateShortfall}
          onAnimate={(entry: ViewerEntry) => {
            closeViewer();
            animate(
              messages.find((message) => message.id === entry.messageId),
              entry.media,
            );
          }}
          onEdited={(result) => void afterImageEdit(result)}
        />
      ) : null}
    </>
  );
}

function Toolbar({
  toolbar,
  musicDisabled,
  musicShortfall,
  musicRunning,
  onMakeMusic,
}: {
  toolbar: ReactNode;
  musicDisabled: boolean;
  /** Why the balance cannot pay for a track, or null. */
  musicShortfall: string | null;
  musicRunning: boolean;
  onMakeMusic: () => void;
}) {
  const muted = useMuted();
  const muteLabel = muted ? 'Unmute notification sound' : 'Mute notification sound';
  return (
    <div className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
      <div className="flex min-w-0 flex-1 items-center gap-2 overflow-x-auto">{toolbar}</div>
      <Button variant="ghost" size="icon" aria-label={muteLabel} title={muteLabel} onClick={() => setMuted(!muted)}>
        {muted ? <VolumeX className="h-4 w-4" aria-hidden /> : <Volume2 className="h-4 w-4" aria-hidden />}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={musicDisabled}
        onClick={onMakeMusic}
        aria-label="Make music for this campaign"
        title={musicShortfall ?? `Make music for this campaign · ${creditsLabel(1)}`}
      >
        {musicRunning ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Music className="h-4 w-4" aria-hidden />}
        {/* A narrow panel (a phone) shows the short word rather than a bare icon. */}
        <span className="@xl:hidden">Music</span>
        <span className="hidden @xl:inline">Make music for this campaign</span>
        <span aria-hidden className="hidden rounded bg-slate-100 px-1.5 py-px text-[11px] text-slate-600 @md:inline">
          {musicShortfall ?? creditsLabel(1)}
        </span>
      </Button>
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div className="min-h-0 flex-1 overflow-hidden" role="status">
      <span className="sr-only">Loading the conversation…</span>
      <div aria-hidden className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-4">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex flex-col gap-5">
            <div className="ml-auto h-9 w-2/5 animate-pulse rounded-2xl bg-brand-100" />
            <div className="flex gap-2.5">
              <div className="h-7 w-7 animate-pulse rounded-full bg-slate-200" />
              <div className="h-20 flex-1 animate-pulse rounded-2xl bg-slate-200/70" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
