import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { notify } from '@/lib/toast';
import { chatHistoryQuery } from '../api/chatHistory';
import { awaitReply } from '../api/messageStatus';
import { sendChatMessage } from '../api/sendMessage';
import { loadErrorReason, sendErrorMessage } from '../logic/errors';
import { plainMessage, type ChatMessage } from '../logic/messages';
import { canSend, isDuplicateSend, type SentRecord } from '../logic/send';
import { preProductionSettings, type GenerationSettings } from '../logic/settings';
import { CHAT_TEXT } from '../logic/texts';
import { addToNewestPage, threadFromPages, updateMessage, type HistoryPage } from '../logic/thread';

type HistoryData = InfiniteData<HistoryPage, number>;

export type SendResult = 'sent' | 'duplicate' | 'refused' | 'failed';

export interface UseChatThreadOptions {
  projectId: string;
  sceneId: string;
  settings: GenerationSettings;
  /** The scene's product photos; they travel with each message. */
  referenceImageIds: readonly string[];
}

let localSeq = 0;

/**
 * One scene's conversation: the history (newest page first, older pages on demand), the seller's
 * message shown at once while it is sent, and answers still being written, checked until done.
 */
export function useChatThread({ projectId, sceneId, settings, referenceImageIds }: UseChatThreadOptions) {
  const client = useQueryClient();
  const key = useMemo(() => queryKeys.chatHistory(projectId, sceneId), [projectId, sceneId]);
  const query = useInfiniteQuery(chatHistoryQuery(projectId, sceneId));
  const [outgoing, setOutgoing] = useState<ChatMessage | null>(null);
  const [replyErrors, setReplyErrors] = useState<Readonly<Record<string, string>>>({});
  const lastSent = useRef<SentRecord | null>(null);

  const history = useMemo(() => threadFromPages(query.data?.pages ?? []), [query.data]);

  const messages = useMemo(() => {
    const shown = history.map((message) =>
      message.status === 'pending' && replyErrors[message.id] ? { ...message, status: 'failed' as const, error: replyErrors[message.id] ?? null } : message,
    );
    if (!outgoing) return shown;
    // The answer is on its way: a pending answer stands in for it (the typing indicator).
    const typing: ChatMessage = { ...outgoing, id: `${outgoing.id}-reply`, role: 'assistant', content: '', status: 'pending', referenceImageIds: [] };
    return [...shown, outgoing, typing];
  }, [history, replyErrors, outgoing]);

  const awaitingReply = messages.some((message) => message.role === 'assistant' && message.status === 'pending');
  const busy = outgoing !== null || awaitingReply;

  // Answers still being written are checked every second until they are done (or 30 checks pass).
  const pendingKey = history
    .filter((message) => message.role === 'assistant' && message.status === 'pending' && !replyErrors[message.id])
    .map((message) => message.id)
    .join(',');
  useEffect(() => {
    if (!pendingKey) return;
    const controller = new AbortController();
    for (const id of pendingKey.split(',')) {
      awaitReply(id, { signal: controller.signal })
        .then((reply) => {
          client.setQueryData<HistoryData>(key, (data) =>
            data
              ? {
                  ...data,
                  pages: updateMessage(data.pages, id, (message) =>
                    reply.status === 'completed'
                      ? { ...message, status: 'completed', content: reply.content, structured: reply.structured, error: null }
                      : { ...message, status: 'failed', error: reply.error },
                  ),
                }
              : data,
          );
          if (reply.status === 'failed') setReplyErrors((errors) => ({ ...errors, [id]: reply.error }));
          void client.invalidateQueries({ queryKey: key });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setReplyErrors((errors) => ({ ...errors, [id]: error instanceof Error ? error.message : CHAT_TEXT.replyFailed }));
        });
    }
    return () => controller.abort();
  }, [client, key, pendingKey]);

  // The history's failure is told once per failure.
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) notify.error(CHAT_TEXT.loadFailed(loadErrorReason(error)));
  }, [error, errorUpdatedAt]);

  const send = async (text: string): Promise<SendResult> => {
    const words = text.trim();
    if (!canSend({ text: words, referenceImageCount: referenceImageIds.length, busy, hasScene: true })) return 'refused';
    const record: SentRecord = { text: words, sceneId, at: Date.now() };
    if (isDuplicateSend(lastSent.current, record)) return 'duplicate';
    lastSent.current = record;
    localSeq += 1;
    const local = plainMessage({
      id: `local-${localSeq}`,
      role: 'user',
      content: words,
      timestamp: new Date(record.at).toISOString(),
      referenceImageIds: [...referenceImageIds],
    });
    setOutgoing(local);
    try {
      const answer = await sendChatMessage({
        project_id: projectId,
        scene_id: sceneId,
        message: words,
        context: { pre_production_settings: preProductionSettings(settings) },
        ...(referenceImageIds.length > 0 ? { reference_images: [...referenceImageIds] } : {}),
      });
      // The answer names the stored user message as its parent: the bubble keeps its place under that id.
      const sent = answer.parentId ? [{ ...local, id: answer.parentId }, answer] : [answer];
      client.setQueryData<HistoryData>(key, (data) => ({
        pages: addToNewestPage(data?.pages ?? [], sent),
        pageParams: data?.pageParams ?? [1],
      }));
      void client.invalidateQueries({ queryKey: key });
      return 'sent';
    } catch (sendError) {
      // Let the seller send the same words again.
      lastSent.current = null;
      notify.error(sendErrorMessage(sendError));
      return 'failed';
    } finally {
      setOutgoing(null);
    }
  };

  return {
    messages,
    busy,
    /** The seller's message is on its way (the answer has not arrived yet). */
    sending: outgoing !== null,
    loading: query.isPending && query.fetchStatus !== 'idle',
    error: query.isError && !query.data ? query.error : null,
    retry: () => void query.refetch(),
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => void query.fetchNextPage(),
    refresh: () => client.invalidateQueries({ queryKey: key }),
    send,
  };
}
