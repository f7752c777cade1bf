import { useCallback, useEffect, useRef, useState } from 'react';
import { readNumber, storageKeys, writeString } from '@/lib/storage';
import { CHAT_WIDTH_SAVE_DELAY_MS, chatWidthRange, clampChatWidth, initialChatWidth, renderedChatWidth } from '../logic/chatWidth';

/** The chat panel width: restored from local storage, clamped to the viewport's range, saved after 300 ms idle. */
export function useChatWidth(viewportWidth: number) {
  const [stored, setStored] = useState(() => initialChatWidth(readNumber(storageKeys.chatWidth), viewportWidth));
  const saveTimer = useRef<number | undefined>(undefined);
  const width = renderedChatWidth(stored, viewportWidth);
  const allowed = chatWidthRange(viewportWidth);
  const range = { min: allowed.min, max: Math.max(allowed.min, Math.min(allowed.max, renderedChatWidth(allowed.max, viewportWidth))) };

  useEffect(() => () => window.clearTimeout(saveTimer.current), []);

  const save = useCallback((value: number, immediately: boolean) => {
    window.clearTimeout(saveTimer.current);
    if (immediately) writeString(storageKeys.chatWidth, String(value));
    else saveTimer.current = window.setTimeout(() => writeString(storageKeys.chatWidth, String(value)), CHAT_WIDTH_SAVE_DELAY_MS);
  }, []);

  const resize = useCallback(
    (next: number, final = false) => {
      const value = clampChatWidth(next, viewportWidth);
      setStored(value);
      save(value, final);
    },
    [save, viewportWidth],
  );

  return { width, range, resize };
}
