import { useEffect, useRef, useState } from 'react';
import { READINESS_DELAY_MS, SESSION_GRACE_MS, type CreditModalMachine, type ModalType } from '../logic/creditModalMachine';
import { createBrowserMachine } from './browser';

/** What the triggers read from the credit balance. */
export interface OfferBalance {
  balance: number;
  threshold: number;
  images: number;
  videos: number;
}

/**
 * This tab's side of the shared credit modal: the first-generation and low-credit triggers, and the
 * `storage` events of other tabs. `enabled` is false while no offer can be bought.
 */
export function useCreditOffer(balance: OfferBalance | null, enabled: boolean): { showing: ModalType | null; machine: CreditModalMachine } {
  const [showing, setShowing] = useState<ModalType | null>(null);
  const [machine] = useState(() => createBrowserMachine(setShowing));
  const readySince = useRef<number | null>(null);

  useEffect(() => {
    machine.start();
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === null || event.storageArea === window.localStorage) machine.handleStorageChange(event.key);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      machine.dispose();
    };
  }, [machine]);

  const loaded = balance !== null;
  const images = balance?.images ?? 0;
  const videos = balance?.videos ?? 0;
  const credits = balance?.balance ?? 0;
  const threshold = balance?.threshold ?? 0;

  useEffect(() => {
    // The page is ready once the balance has loaded; the first-generation offer waits 5 s after that.
    if (!loaded) return;
    readySince.current ??= Date.now();
    if (!enabled || images + videos === 0) return;
    const since = readySince.current;
    const check = () => machine.offerAfterFirstGeneration({ readySince: since, generatedImages: images, generatedVideos: videos });
    const wait = since + READINESS_DELAY_MS - Date.now();
    if (wait <= 0) {
      check();
      return;
    }
    const timer = window.setTimeout(check, wait);
    return () => window.clearTimeout(timer);
  }, [machine, loaded, enabled, images, videos]);

  useEffect(() => {
    if (!loaded || !enabled || credits >= threshold) return;
    const check = () => machine.offerOnLowCredits(credits, threshold);
    const wait = (machine.sessionStart() ?? Date.now()) + SESSION_GRACE_MS - Date.now();
    if (wait <= 0) {
      check();
      return;
    }
    const timer = window.setTimeout(check, wait);
    return () => window.clearTimeout(timer);
  }, [machine, loaded, enabled, credits, threshold]);

  return { showing, machine };
}
