import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OutOfCreditsDialog } from '@/features/commerce';
import { useCreditBalance } from '@/features/credits';
import { BROWSER_EVENTS, useBrowserEvent } from '@/lib/browserEvents';
import { balanceReads, useBalanceRefreshOnRefusal } from '@/lib/credits/shortfall';

/** Opens the next-step dialog whenever the server refuses an action for want of credits. */
export function OutOfCredits() {
  const refusal = useBalanceRefreshOnRefusal();
  const [open, setOpen] = useState(false);
  useBrowserEvent(BROWSER_EVENTS.outOfCredits, () => setOpen(true));
  return open && refusal ? <OpenDialog readsBefore={refusal.readsBefore} onClose={() => setOpen(false)} /> : null;
}

function OpenDialog({ readsBefore, onClose }: { readsBefore: number; onClose: () => void }) {
  const client = useQueryClient();
  const balance = useCreditBalance();
  // Only a balance read after the refusal is the real one; until it arrives the dialog names none.
  const fresh = balance.data && balanceReads(client) > readsBefore ? balance.data.balance : null;
  return <OutOfCreditsDialog balance={fresh} onClose={onClose} />;
}
