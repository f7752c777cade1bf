import { useMemo, useState } from 'react';
import type { CompletedJob } from '@/lib/jobs/watchJob';
import { playCompletionChime } from '@/lib/sound';
import { notify } from '@/lib/toast';
import type { ThreadActions } from '../components/MessageItem';
import { animatePlan, editPlan, generateOffer, regeneratePlan, withPromptEdits, type PromptEdits } from '../logic/actions';
import type { ChatMedia, ChatMessage, VisualKind } from '../logic/messages';
import type { GenerationSettings } from '../logic/settings';
import { CHAT_TEXT } from '../logic/texts';
import { generationView, viewerEntries } from '../logic/thread';
import type { useChatThread } from './useChatThread';
import { useFeedback } from './useFeedback';
import { CHIME_DELAY_MS, type useGenerations } from './useGenerations';

interface ThreadActionsInput {
  projectId: string;
  sceneId: string;
  settings: GenerationSettings;
  thread: ReturnType<typeof useChatThread>;
  generations: ReturnType<typeof useGenerations>;
  highlighted: ReadonlySet<string>;
  highlight: (assetId: string) => void;
}

/**
 * What the seller can do with the thread's messages — generate from a brief, edit its prompt or picture,
 * animate, open the viewer, give feedback — and the state those leave behind: the prompt being edited,
 * the picture being painted on, the media open in the viewer, and briefs as the seller last edited them.
 */
export function useThreadActions({ projectId, sceneId, settings, thread, generations, highlighted, highlight }: ThreadActionsInput) {
  const feedback = useFeedback();
  const [editing, setEditing] = useState<ThreadActions['editing']>(null);
  const [imageEditing, setImageEditing] = useState<ThreadActions['imageEditing']>(null);
  const [viewer, setViewer] = useState<{ assetId: string; fallback: number } | null>(null);
  const [promptEdits, setPromptEdits] = useState<PromptEdits>({});

  const messages = useMemo(() => withPromptEdits(thread.messages, promptEdits), [thread.messages, promptEdits]);
  const offer = useMemo(() => generateOffer(messages), [messages]);
  const entries = useMemo(() => viewerEntries(messages), [messages]);

  const animate = (message: ChatMessage | undefined, media: ChatMedia) => {
    const plan = animatePlan(message, media);
    if (!plan.ok) {
      notify.error(plan.error);
      return;
    }
    void generations.start({ type: 'animate', ...plan.value }, { failureText: CHAT_TEXT.animateFailed });
  };

  const openEditor = (message: ChatMessage, preferred?: VisualKind) => {
    const plan = editPlan(message, preferred);
    if (!plan.ok) {
      notify.error(plan.error);
      return;
    }
    setImageEditing(null);
    setEditing({ messageId: message.id, type: plan.value.type });
  };

  const afterImageEdit = async (result: CompletedJob) => {
    await thread.refresh();
    setTimeout(playCompletionChime, CHIME_DELAY_MS);
    if (result.assetId) {
      highlight(result.assetId);
      setViewer((current) => (current && result.assetId ? { ...current, assetId: result.assetId } : current));
    }
  };

  const actions: ThreadActions = {
    projectId,
    sceneId,
    settings,
    offer,
    highlighted,
    feedbackGiven: feedback.given,
    feedbackSending: feedback.sending,
    generationFor: (message) => generationView(message, generations.localFor(message.id)),
    retriesUsed: generations.retriesUsed,
    editing,
    imageEditing,
    onGenerate: (message, kind, variations) => void generations.start({ type: 'chat', messageId: message.id, mediaType: kind, variations }),
    onRegenerate: (message) => {
      const plan = regeneratePlan(message);
      if (!plan.ok) {
        notify.error(plan.error);
        return;
      }
      void generations.start({ type: 'chat', messageId: message.id, mediaType: plan.value.mediaType, prompt: plan.value.prompt });
    },
    onEditPrompt: openEditor,
    onSaveEdit: async (message, type, prompt) => {
      const started = await generations.start({ type: 'chat', messageId: message.id, mediaType: type, prompt }, { failureText: CHAT_TEXT.editFailed });
      // Started or not, the box closes: on failure the message shows its brief as it was.
      setEditing(null);
      if (started) setPromptEdits((edits) => ({ ...edits, [message.id]: { ...edits[message.id], [type]: prompt } }));
      return started;
    },
    onCancelEdit: () => setEditing(null),
    onAnimate: animate,
    onEditImage: (message, media) => {
      setEditing(null);
      setImageEditing({ messageId: message.id, assetId: media.id });
    },
    onImageEdited: (result) => {
      setImageEditing(null);
      void afterImageEdit(result);
    },
    onCancelImageEdit: () => setImageEditing(null),
    onOpenMedia: (media) =>
      setViewer({
        assetId: media.id,
        fallback: Math.max(
          0,
          entries.findIndex((entry) => entry.media.id === media.id),
        ),
      }),
    onRetryVideo: (message) => generations.retryVideo(message.id),
    onCopyPrompt: async (prompt) => {
      try {
        await navigator.clipboard.writeText(prompt);
        return true;
      } catch {
        notify.error(CHAT_TEXT.copyFailed);
        return false;
      }
    },
    onFeedback: (message, reaction, reason, comment) =>
      feedback.submit({ messageId: message.id, reaction, reason: reason ?? null, comment, assetUrl: message.media[0]?.url ?? null }),
  };

  // The viewer follows its media as the thread changes; gone, it shows the nearest entry.
  const viewerIndex = viewer ? entries.findIndex((entry) => entry.media.id === viewer.assetId) : -1;
  const shownIndex = viewer && entries.length > 0 ? (viewerIndex >= 0 ? viewerIndex : Math.min(viewer.fallback, entries.length - 1)) : -1;

  return {
    messages,
    entries,
    actions,
    animate,
    afterImageEdit,
    /** The viewer's entry, or -1 when it is closed. */
    viewerIndex: shownIndex,
    showInViewer: (index: number) => {
      const entry = entries[index];
      if (entry) setViewer({ assetId: entry.media.id, fallback: index });
    },
    closeViewer: () => setViewer(null),
  };
}
