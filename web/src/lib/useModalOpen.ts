import { useSyncExternalStore } from 'react';

// Radix portals an open modal into <body> and marks it data-state="open".
const OPEN_MODAL = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

function subscribeModals(callback: () => void): () => void {
  const observer = new MutationObserver(callback);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
  return () => observer.disconnect();
}

/** Whether a modal dialog or sheet is open anywhere on the page. */
export function useModalOpen(): boolean {
  return useSyncExternalStore(
    subscribeModals,
    () => document.querySelector(OPEN_MODAL) !== null,
    () => false,
  );
}
