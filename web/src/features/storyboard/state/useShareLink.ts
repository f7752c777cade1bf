import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { notify } from '@/lib/toast';
import { shareMedia } from '../api/shareMedia';
import { absoluteUrl } from '../logic/fileNames';

/** How long the button says Copied!. */
export const COPIED_MS = 2000;
export const COPY_LINK_FAILED = 'Failed to copy link';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // No clipboard API (an insecure context) or no permission: the selection route below.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('copy failed');
}

type ShareState = { assetId: string; status: 'busy' | 'copied' } | null;

/**
 * Copy link: asks the server for a share link to the asset (a page with it that opens for anyone,
 * signed in or not, until it expires or is revoked) and copies its full address; `copied` is true
 * for 2 s after.
 */
export function useShareLink() {
  const client = useQueryClient();
  const [state, setState] = useState<ShareState>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (assetId: string) => {
      window.clearTimeout(timer.current);
      setState({ assetId, status: 'busy' });
      try {
        const link = await shareMedia(assetId);
        void client.invalidateQueries({ queryKey: queryKeys.shareLinks });
        await copyText(absoluteUrl(link.url, window.location.origin));
        setState({ assetId, status: 'copied' });
        timer.current = window.setTimeout(() => setState(null), COPIED_MS);
      } catch {
        setState(null);
        notify.error(COPY_LINK_FAILED);
      }
    },
    [client],
  );

  return {
    copy,
    isBusy: (assetId: string) => state?.assetId === assetId && state.status === 'busy',
    isCopied: (assetId: string) => state?.assetId === assetId && state.status === 'copied',
  };
}
