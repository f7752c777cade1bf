import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { toChatMessage } from '../logic/messages';
import { HISTORY_PAGE_SIZE, nextHistoryPage, type HistoryPage } from '../logic/thread';

const LOAD_FAILED = 'Could not load the conversation';

/** GET /api/chat/history?project_id&scene_id&page&per_page → one page, oldest first (page 1 = newest). */
export async function fetchChatHistory(projectId: string, sceneId: string, page: number, perPage = HISTORY_PAGE_SIZE): Promise<HistoryPage> {
  const body = await unwrap(
    api.GET('/api/chat/history', { params: { query: { project_id: projectId, scene_id: sceneId, page, per_page: perPage } } }),
    LOAD_FAILED,
  );
  const { messages, pagination } = body.data;
  return { messages: messages.map(toChatMessage), page: pagination.page, perPage: pagination.per_page, total: pagination.total };
}

/** The scene's conversation, newest page first; older pages load as the seller scrolls up. */
export function chatHistoryQuery(projectId: string | null, sceneId: string | null) {
  return infiniteQueryOptions({
    queryKey: queryKeys.chatHistory(projectId ?? 'none', sceneId ?? 'none'),
    queryFn: ({ pageParam }) => fetchChatHistory(projectId ?? '', sceneId ?? '', pageParam),
    initialPageParam: 1,
    getNextPageParam: nextHistoryPage,
    enabled: projectId !== null && sceneId !== null,
    retry: 1,
  });
}
