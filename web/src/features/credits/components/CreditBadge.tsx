import * as HoverCard from '@radix-ui/react-hover-card';
import { AlertTriangle, Coins, History, Image as ImageIcon, Sparkles, Video, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useCreditBalance } from '../api/balance';
import { buyCreditsLabel, creditLabel, creditView } from '../logic/credits';

export interface CreditBadgeProps {
  compact?: boolean;
}

const panelLink = 'inline-flex h-9 items-center justify-center gap-2 rounded-lg text-sm font-medium transition focus-visible:outline-offset-1';

/**
 * The balance badge of the top bar. Its panel opens on hover, on focus and on click or tap; Enter,
 * Space or Down arrow on the badge moves into it, arrows move between its links and Escape closes it.
 */
export function CreditBadge({ compact = false }: CreditBadgeProps) {
  const query = useCreditBalance();
  const view = creditView(query.data);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pointerType = useRef<string>('');
  /** Focus is being put back on the badge after the panel closed: it must not reopen it. */
  const returning = useRef(false);
  const panelId = useId();
  const titleId = useId();

  const links = () => [...(panel.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];
  const focusLink = (which: 'first' | 'last') => {
    // The panel mounts on open: wait a frame for its links.
    requestAnimationFrame(() => {
      const all = links();
      (which === 'first' ? all[0] : all[all.length - 1])?.focus();
    });
  };
  const focusIsInPanel = () => panel.current?.contains(document.activeElement) === true;
  const closeToBadge = () => {
    setOpen(false);
    returning.current = true;
    trigger.current?.focus();
    returning.current = false;
  };

  // Hover and focus come from Radix; a close is ignored while the keyboard is inside the panel.
  const onOpenChange = (next: boolean) => {
    if (!next && focusIsInPanel()) return;
    setOpen(next);
  };

  const onTriggerClick = (event: MouseEvent) => {
    // A mouse has already opened it by hovering; a tap toggles it; Enter and Space (detail 0) go into it.
    if (event.detail === 0) {
      setOpen(true);
      focusLink('first');
    } else if (pointerType.current === 'mouse') setOpen(true);
    else setOpen((current) => !current);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      focusLink(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? (at + 1) % all.length : (at - 1 + all.length) % all.length;
      all[next]?.focus();
    } else if (event.key === 'Tab') {
      const inside = event.shiftKey ? at - 1 : at + 1;
      if (inside >= 0 && inside < all.length) {
        event.preventDefault();
        all[inside]?.focus();
      } else {
        // Leaving the panel: back on the badge; Tab then carries on from there as usual.
        if (event.shiftKey) event.preventDefault();
        closeToBadge();
      }
    }
  };

  const onPanelBlur = (event: FocusEvent) => {
    const to = event.relatedTarget as Node | null;
    if (to && (panel.current?.contains(to) || trigger.current?.contains(to))) return;
    setOpen(false);
  };

  return (
    <HoverCard.Root open={open} onOpenChange={onOpenChange} openDelay={120} closeDelay={150}>
      <HoverCard.Trigger asChild>
        <button
          ref={trigger}
          type="button"
          data-testid="credit-badge"
          aria-label={`${creditLabel(view.balance)}${view.isLow ? ' (low balance)' : ''}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-haspopup="dialog"
          onPointerDown={(event) => {
            pointerType.current = event.pointerType;
          }}
          onPointerEnter={(event) => {
            // Something closing over a still pointer (the media viewer's Download sits here) is
            // no hover: a mouse opens the panel by moving over the badge, below.
            if (event.pointerType === 'mouse') event.preventDefault();
          }}
          onPointerMove={(event) => {
            if (event.pointerType === 'mouse' && !open && (event.movementX !== 0 || event.movementY !== 0)) setOpen(true);
          }}
          onFocus={(event) => {
            // Handled here, Radix does not open the panel on this focus.
            if (returning.current) event.preventDefault();
          }}
          onClick={onTriggerClick}
          onKeyDown={onTriggerKeyDown}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold tabular-nums ring-1 transition',
            view.isLow
              ? 'animate-soft-pulse bg-amber-400/15 text-amber-300 ring-amber-400/60 hover:bg-amber-400/25'
              : 'bg-white/10 text-white ring-white/15 hover:bg-white/15',
          )}
        >
          <Coins className={cn('h-4 w-4', view.isLow ? 'text-amber-300' : 'text-brand-300')} aria-hidden />
          <span className="whitespace-nowrap">{creditLabel(view.balance, compact)}</span>
        </button>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          align="end"
          sideOffset={10}
          collisionPadding={8}
          onKeyDown={onPanelKeyDown}
          onBlur={onPanelBlur}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            closeToBadge();
          }}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-2xl bg-white p-4 text-slate-800 shadow-xl ring-1 ring-slate-900/10"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p id={titleId} className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                Credit Balance
              </p>
              <p className={cn('mt-1 text-3xl font-semibold tabular-nums', view.isLow ? 'text-amber-600' : 'text-slate-900')} data-testid="credit-balance">
                {view.balance}
              </p>
            </div>
            <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700 ring-1 ring-brand-100">{view.packageLabel}</span>
          </div>
          {query.isError ? (
            <p className="mt-3 flex items-center gap-2 rounded-lg bg-rose-50 px-3 py-2 text-xs text-rose-700 ring-1 ring-rose-200">
              <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden /> Failed to load credits
            </p>
          ) : null}
          {view.isLow ? (
            <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800 ring-1 ring-amber-200">
              Add more credits to ensure uninterrupted service.
            </p>
          ) : null}
          <div className="mt-4 border-t border-slate-100 pt-3">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Credit Usage</p>
            <dl className="mt-2 space-y-1.5 text-sm">
              <UsageRow icon={ImageIcon} label="Images" value={view.images} />
              <UsageRow icon={Video} label="Videos" value={view.videos} />
            </dl>
          </div>
          <div className="mt-4 flex flex-col gap-2">
            <Link
              to="/pricing"
              className={cn(panelLink, view.isLow ? 'bg-amber-700 text-white hover:bg-amber-800' : 'bg-brand-600 text-white hover:bg-brand-700')}
            >
              <Sparkles className="h-4 w-4" aria-hidden /> {buyCreditsLabel(view.isLow)}
            </Link>
            <Link to="/transactions" className={cn(panelLink, 'text-slate-600 hover:bg-slate-100 hover:text-slate-900')}>
              <History className="h-4 w-4" aria-hidden /> View Transaction History
            </Link>
          </div>
          <HoverCard.Arrow className="fill-white" />
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}

/** One line of the credit usage list. */
function UsageRow({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <div className="flex items-center justify-between">
      <dt className="flex items-center gap-2 text-slate-600">
        <Icon className="h-4 w-4" aria-hidden /> {label}
      </dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
