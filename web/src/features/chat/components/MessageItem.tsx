import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Bot, Check, Clapperboard, Copy, ImageIcon, Images, PencilLine, RefreshCw, Star, Wand2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { MediaDisplay } from '@/components/media';
import { EditorFrame } from '@/components/media/EditorFrame';
import { Spinner } from '@/components/ui/Spinner';
import type { CompletedJob } from '@/lib/jobs/watchJob';
import { cn } from '@/lib/cn';
import { useCreditShortfall } from '@/lib/credits/shortfall';
import { setSceneCover } from '@/lib/media/cover';
import { notify } from '@/lib/toast';
import type { GenerateOffer } from '../logic/actions';
import type { FeedbackGiven, FeedbackReason, Reaction } from '../logic/feedback';
import { hasVisualMedia, primaryPrompt, promptFor, type ChatMedia, type ChatMessage, type VisualKind } from '../logic/messages';
import { creditsLabel, generationCost, type GenerationSettings } from '../logic/settings';
import { toMediaItemView, type GenerationView } from '../logic/thread';
import { BriefCard, ReplyText } from './BriefCard';
import { FeedbackWidget } from './FeedbackWidget';
import { GenerationStatus } from './GenerationStatus';
import { PromptEditor } from './PromptEditor';

const ImageEditor = lazy(() => import('@/components/media/ImageEditor'));

/** How long "Copied" shows after Copy prompt. */
const COPIED_MS = 2_000;

export interface ThreadActions {
  projectId: string;
  sceneId: string;
  settings: GenerationSettings;
  offer: GenerateOffer | null;
  highlighted: ReadonlySet<string>;
  feedbackGiven: FeedbackGiven;
  feedbackSending: string | null;
  generationFor: (message: ChatMessage) => GenerationView | null;
  retriesUsed: (messageId: string) => number;
  editing: { messageId: string; type: VisualKind } | null;
  imageEditing: { messageId: string; assetId: string } | null;
  /** `variations`: how many pictures (1–4) an image brief makes. */
  onGenerate: (message: ChatMessage, kind: VisualKind, variations?: number) => void;
  onRegenerate: (message: ChatMessage) => void;
  onEditPrompt: (message: ChatMessage, preferred?: VisualKind) => void;
  onSaveEdit: (message: ChatMessage, type: VisualKind, prompt: string) => Promise<boolean>;
  onCancelEdit: () => void;
  onAnimate: (message: ChatMessage, media: ChatMedia) => void;
  onEditImage: (message: ChatMessage, media: ChatMedia) => void;
  onImageEdited: (result: CompletedJob) => void;
  onCancelImageEdit: () => void;
  onOpenMedia: (media: ChatMedia) => void;
  onRetryVideo: (message: ChatMessage) => void;
  onCopyPrompt: (prompt: string) => Promise<boolean>;
  onFeedback: (message: ChatMessage, reaction: Reaction, reason?: FeedbackReason, comment?: string) => Promise<boolean>;
}

export function MessageItem({ message, actions }: { message: ChatMessage; actions: ThreadActions }) {
  return message.role === 'user' ? <UserMessage message={message} /> : <AssistantMessage message={message} actions={actions} />;
}

function UserMessage({ message }: { message: ChatMessage }) {
  const photos = message.referenceImageIds.length;
  return (
    <div className="flex justify-end pl-10" data-message-role="user">
      <div className="flex max-w-[85%] flex-col items-end gap-1">
        {message.content ? (
          <p className="rounded-2xl rounded-br-md bg-brand-600 px-3.5 py-2 text-sm leading-relaxed whitespace-pre-line text-white shadow-sm">
            {message.content}
          </p>
        ) : null}
        {photos > 0 ? (
          <p className="inline-flex items-center gap-1 text-[11px] text-slate-600">
            <Images className="h-3 w-3" aria-hidden />
            {photos === 1 ? 'With 1 product photo' : `With ${photos} product photos`}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** How many pictures a brief's Generate Image can make at once. */
const VARIATION_CHOICES = [1, 2, 3, 4] as const;

function AssistantMessage({ message, actions }: { message: ChatMessage; actions: ThreadActions }) {
  const [variations, setVariations] = useState(1);
  const [chosenCover, setChosenCover] = useState<string | null>(null);
  const client = useQueryClient();
  const short = {
    image: useCreditShortfall(generationCost('image', actions.settings) * variations),
    video: useCreditShortfall(generationCost('video', actions.settings)),
  };
  if (message.status === 'pending') return <TypingIndicator />;
  const structured = message.structured;
  const generation = actions.generationFor(message);
  const generating = generation?.state === 'generating';
  const editing = actions.editing?.messageId === message.id ? actions.editing : null;
  const offer = actions.offer?.messageId === message.id ? actions.offer : null;
  const prompts: Partial<Record<VisualKind, string>> = {};
  for (const kind of ['image', 'video'] as const) {
    const prompt = promptFor(message, kind);
    if (prompt) prompts[kind] = prompt;
  }
  const costs = { image: generationCost('image', actions.settings), video: generationCost('video', actions.settings) };
  const copyable = primaryPrompt(message);
  // A set of variations shows as a choice grid: the one chosen becomes the campaign's cover.
  const choiceGrid = message.media.filter((item) => item.type === 'image').length > 1;

  return (
    <div className="flex gap-2.5 pr-4 sm:pr-10" data-message-role="assistant" data-message-id={message.id}>
      <span
        aria-hidden
        className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-pink-500 text-white shadow-sm"
      >
        <Bot className="h-4 w-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2.5">
        {message.status === 'failed' ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-700 ring-1 ring-rose-200">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{message.error ?? 'The assistant could not answer this message.'}</span>
          </p>
        ) : (
          <ReplyText content={message.content} clarification={structured?.clarificationNeeded ?? false} />
        )}

        {editing ? (
          <PromptEditor
            prompts={prompts}
            type={editing.type}
            costs={costs}
            onSave={(type, prompt) => actions.onSaveEdit(message, type, prompt)}
            onCancel={actions.onCancelEdit}
          />
        ) : structured ? (
          <BriefCard structured={structured} />
        ) : null}

        {message.media.length > 0 ? (
          <ul
            aria-label="Generated media"
            className={choiceGrid ? 'grid grid-cols-2 gap-2' : 'flex flex-col gap-3'}
            data-testid={choiceGrid ? 'chat-choice-grid' : undefined}
          >
            {message.media.map((media) => (
              <li key={media.id} className="flex flex-col gap-1.5">
                {actions.imageEditing?.messageId === message.id && actions.imageEditing.assetId === media.id ? (
                  <EditorFrame>
                    <Suspense fallback={<Spinner className="m-auto text-brand-300" label="Loading editor…" />}>
                      <ImageEditor
                        image={toMediaItemView(media)}
                        projectId={actions.projectId}
                        sceneId={actions.sceneId}
                        parentMessageId={message.id}
                        onEdited={actions.onImageEdited}
                        onCancel={actions.onCancelImageEdit}
                      />
                    </Suspense>
                  </EditorFrame>
                ) : (
                  <>
                    <MediaDisplay item={toMediaItemView(media)} onOpen={() => actions.onOpenMedia(media)} highlighted={actions.highlighted.has(media.id)} />
                    {media.type === 'image' ? (
                      <div className="flex flex-wrap gap-1">
                        {choiceGrid ? (
                          <ActionButton
                            icon={<Star className={cn('h-3.5 w-3.5', chosenCover === media.id && 'fill-current text-amber-500')} />}
                            onClick={() => {
                              const previous = chosenCover;
                              setChosenCover(media.id);
                              setSceneCover(client, actions, media.id).catch((error: unknown) => {
                                setChosenCover(previous);
                                notify.error(error instanceof Error ? error.message : 'Failed to update campaign');
                              });
                            }}
                            disabled={chosenCover === media.id}
                            title="Make this picture the campaign's cover; the others stay in the campaign"
                          >
                            {chosenCover === media.id ? 'Cover' : 'Use as cover'}
                          </ActionButton>
                        ) : null}
                        <ActionButton
                          icon={<Wand2 className="h-3.5 w-3.5" />}
                          onClick={() => actions.onEditImage(message, media)}
                          disabled={generating || short.image !== null}
                          title={short.image ?? undefined}
                          suffix={short.image ?? undefined}
                        >
                          Edit image
                        </ActionButton>
                        <ActionButton
                          icon={<Clapperboard className="h-3.5 w-3.5" />}
                          onClick={() => actions.onAnimate(message, media)}
                          disabled={generating || short.video !== null}
                          title={short.video ?? `Turn this image into a ${actions.settings.duration}-second video · ${creditsLabel(costs.video)}`}
                          suffix={short.video ?? creditsLabel(costs.video)}
                        >
                          Animate this
                        </ActionButton>
                      </div>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}

        {generation ? (
          <GenerationStatus
            view={generation}
            retriesUsed={actions.retriesUsed(message.id)}
            onRetryVideo={() => actions.onRetryVideo(message)}
            onEditPrompt={() => actions.onEditPrompt(message, 'video')}
          />
        ) : null}

        {offer && !generating && !editing ? (
          <div className="flex flex-wrap gap-2">
            {offer.image ? (
              <>
                <GenerateButton
                  kind="image"
                  count={variations}
                  cost={costs.image * variations}
                  shortfall={short.image}
                  primary
                  onClick={() => actions.onGenerate(message, 'image', variations)}
                />
                <label className="inline-flex h-9 items-center gap-1.5 rounded-xl bg-white px-2.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
                  Variations
                  <select
                    value={variations}
                    onChange={(event) => setVariations(Number(event.target.value))}
                    className="rounded-md bg-transparent py-1 text-sm font-semibold text-slate-900 tabular-nums focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
                  >
                    {VARIATION_CHOICES.map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </label>
              </>
            ) : null}
            {offer.video ? (
              <GenerateButton
                kind="video"
                cost={costs.video}
                shortfall={short.video}
                primary={!offer.image || (structured?.readyForVideo ?? false)}
                onClick={() => actions.onGenerate(message, 'video')}
              />
            ) : null}
          </div>
        ) : null}

        {copyable || message.media.length > 0 ? (
          <div className="flex flex-wrap items-center gap-1">
            {/* An ad set by the studio has no prompt to make again: its words are edited on the storyboard. */}
            {hasVisualMedia(message) && (prompts.image || prompts.video) ? (
              <ActionButton icon={<RefreshCw className="h-3.5 w-3.5" />} onClick={() => actions.onRegenerate(message)} disabled={generating}>
                Regenerate
              </ActionButton>
            ) : null}
            {copyable && !editing ? (
              <ActionButton icon={<PencilLine className="h-3.5 w-3.5" />} onClick={() => actions.onEditPrompt(message)} disabled={generating}>
                Edit prompt
              </ActionButton>
            ) : null}
            {copyable ? <CopyButton prompt={copyable} onCopy={actions.onCopyPrompt} /> : null}
            {message.media.length > 0 ? (
              <span className="ml-auto">
                <FeedbackWidget
                  given={actions.feedbackGiven[message.id]}
                  sending={actions.feedbackSending === message.id}
                  onPositive={() => void actions.onFeedback(message, 'positive')}
                  onNegative={(reason, comment) => actions.onFeedback(message, 'negative', reason, comment)}
                />
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function GenerateButton({
  kind,
  count = 1,
  cost,
  shortfall,
  primary,
  onClick,
}: {
  kind: VisualKind;
  /** How many pictures one click makes. */
  count?: number;
  cost: number;
  /** Why the balance cannot pay for it, or null. */
  shortfall: string | null;
  primary: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={shortfall !== null}
      title={shortfall ?? undefined}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-xl px-3.5 text-sm font-medium shadow-sm transition disabled:cursor-not-allowed',
        primary
          ? 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-200 disabled:text-slate-600'
          : 'bg-white text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 disabled:text-slate-500',
      )}
    >
      {kind === 'image' ? <ImageIcon className="h-4 w-4" aria-hidden /> : <Clapperboard className="h-4 w-4" aria-hidden />}
      {kind === 'image' ? (count > 1 ? `Generate ${count} Images` : 'Generate Image') : 'Generate Video'}
      <span className={cn('rounded-md px-1.5 py-px text-[11px] font-medium', primary && shortfall === null ? 'bg-brand-700' : 'bg-slate-100 text-slate-600')}>
        {shortfall ?? creditsLabel(cost)}
      </span>
    </button>
  );
}

function ActionButton({
  icon,
  children,
  onClick,
  disabled,
  title,
  suffix,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
  suffix?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      title={title}
      className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <span aria-hidden>{icon}</span>
      {children}
      {suffix ? (
        <span aria-hidden className="rounded bg-slate-100 px-1 py-px text-[10px] text-slate-600">
          {suffix}
        </span>
      ) : null}
    </button>
  );
}

function CopyButton({ prompt, onCopy }: { prompt: string; onCopy: (prompt: string) => Promise<boolean> }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <button
      type="button"
      onClick={async () => {
        if (!(await onCopy(prompt))) return;
        setCopied(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      }}
      className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
    >
      {copied ? <Check className="h-3.5 w-3.5 text-emerald-600" aria-hidden /> : <Copy className="h-3.5 w-3.5" aria-hidden />}
      {copied ? 'Copied' : 'Copy prompt'}
    </button>
  );
}

function TypingIndicator() {
  return (
    <div className="flex gap-2.5" data-testid="typing-indicator">
      <span
        aria-hidden
        className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-pink-500 text-white shadow-sm"
      >
        <Bot className="h-4 w-4" />
      </span>
      <div className="inline-flex items-center gap-1 rounded-2xl rounded-tl-md bg-slate-100 px-3.5 py-3" role="status">
        <span className="sr-only">The assistant is writing…</span>
        {[0, 150, 300].map((delay) => (
          <span key={delay} aria-hidden className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </div>
    </div>
  );
}
