import { type RefObject, useEffect } from 'react';
import { toast } from 'sonner';

/** Every toast lasts 5 s. */
export const TOAST_DURATION = 5000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION }),
  info: (message: string) => toast(message, { duration: TOAST_DURATION }),
};

/** On a phone, the studio's toasts sit this far from the top until its top bars are measured. */
const PHONE_TOASTS_TOP = '112px';

/** The CSS variable (on the document) that places phone toasts: below the page's top bars. */
const TOASTS_TOP_VARIABLE = '--toasts-top';

/** Where phone toasts sit: below the top bars of the page shown, else {@link PHONE_TOASTS_TOP}. */
export const PHONE_TOASTS_OFFSET = `var(${TOASTS_TOP_VARIABLE}, ${PHONE_TOASTS_TOP})`;

/** Room between the top bars and a toast. */
const TOASTS_GAP = 8;

/**
 * While `enabled`, keeps phone toasts just below `bars` (a page's header and the controls under
 * it, such as the campaign selector), following its height, so a toast never covers them.
 */
export function useToastsBelow(bars: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const element = bars.current;
    if (!enabled || !element) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty(TOASTS_TOP_VARIABLE, `${Math.round(element.getBoundingClientRect().bottom) + TOASTS_GAP}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty(TOASTS_TOP_VARIABLE);
    };
  }, [bars, enabled]);
}
