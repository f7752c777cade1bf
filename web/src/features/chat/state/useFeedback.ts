import { useState } from 'react';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { sendFeedback } from '../api/sendFeedback';
import { feedbackBody, parseFeedbackGiven, rememberFeedback, type FeedbackGiven, type FeedbackReason, type Reaction } from '../logic/feedback';
import { CHAT_TEXT } from '../logic/texts';

export interface SubmitFeedback {
  messageId: string;
  reaction: Reaction;
  reason?: FeedbackReason | null;
  comment?: string;
  assetUrl: string | null;
}

/** Feedback on generated media; rated messages are remembered in this browser (they show "Thanks!"). */
export function useFeedback() {
  const [given, setGiven] = useState<FeedbackGiven>(() => parseFeedbackGiven(readString(storageKeys.feedbackGiven)));
  const [sending, setSending] = useState<string | null>(null);

  const submit = async (input: SubmitFeedback): Promise<boolean> => {
    setSending(input.messageId);
    try {
      await sendFeedback(feedbackBody({ ...input, now: new Date() }));
      // Re-read first: another tab may have rated other messages meanwhile.
      const next = rememberFeedback(parseFeedbackGiven(readString(storageKeys.feedbackGiven)), input.messageId, input.reaction);
      writeString(storageKeys.feedbackGiven, JSON.stringify(next));
      setGiven(next);
      return true;
    } catch {
      notify.error(CHAT_TEXT.feedbackFailed);
      return false;
    } finally {
      setSending(null);
    }
  };

  return { given, sending, submit };
}
