import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { MOBILE_BREAKPOINT } from '@/lib/breakpoints';
import { PHONE_TOASTS_OFFSET, TOAST_DURATION } from '@/lib/toast';
import { useViewportWidth } from '@/lib/useMediaQuery';
import { useModalOpen } from '@/lib/useModalOpen';

/**
 * Toasts sit bottom-right on a desktop. On a phone the studio's toasts sit below its top bars (its
 * bottom holds the Generate bar and the message box); on the other pages, whose first link sits
 * under the header, and over an open dialog or sheet, whose actions sit near its top, at the bottom.
 */
export function AppToaster() {
  const mobile = useViewportWidth() < MOBILE_BREAKPOINT;
  const inStudio = useLocation().pathname.startsWith('/create');
  const modalOpen = useModalOpen();
  if (!mobile) return <Toaster position="bottom-right" richColors closeButton duration={TOAST_DURATION} />;
  const belowTopBars = inStudio && !modalOpen;
  const offset = belowTopBars ? { top: PHONE_TOASTS_OFFSET } : undefined;
  return (
    <Toaster position={belowTopBars ? 'top-center' : 'bottom-center'} offset={offset} mobileOffset={offset} richColors closeButton duration={TOAST_DURATION} />
  );
}
