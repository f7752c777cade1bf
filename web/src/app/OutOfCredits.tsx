import { useState } from 'react';
import { OutOfCreditsDialog } from '@/features/commerce';
import { useCreditBalance } from '@/features/credits';
import { BROWSER_EVENTS, useBrowserEvent } from '@/lib/browserEvents';

/** Opens the next-step dialog whenever the server refuses an action for want of credits. */
export function OutOfCredits() {
  const [open, setOpen] = useState(false);
  useBrowserEvent(BROWSER_EVENTS.outOfCredits, () => setOpen(true));
  return open ? <OpenDialog onClose={() => setOpen(false)} /> : null;
}

function OpenDialog({ onClose }: { onClose: () => void }) {
  const balance = useCreditBalance();
  return <OutOfCreditsDialog balance={balance.data ? balance.data.balance : null} onClose={onClose} />;
}
