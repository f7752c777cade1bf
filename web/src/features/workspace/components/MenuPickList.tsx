import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Pencil } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface MenuPickListProps {
  entries: { id: string; name: string }[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Offered on the selected entry only, when given. */
  onRename?: (id: string) => void;
  /** What the rename pencil says: its title, and its label for an entry's name. */
  renameTitle: string;
  renameLabel: (name: string) => string;
  empty: string;
  /** Max list height in px. */
  maxHeight: number;
  className?: string;
  rowClassName?: string;
  'data-testid'?: string;
}

/** A dropdown menu's list of entries to pick from: the selected one ticked, with a rename pencil beside it. */
export function MenuPickList({
  entries,
  selectedId,
  onSelect,
  onRename,
  renameTitle,
  renameLabel,
  empty,
  maxHeight,
  className,
  rowClassName,
  ...rest
}: MenuPickListProps) {
  return (
    <div className={cn('overflow-y-auto overscroll-contain', className)} style={{ maxHeight }} data-testid={rest['data-testid']}>
      {entries.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        entries.map((entry) => {
          const selected = entry.id === selectedId;
          return (
            <div key={entry.id} className={cn('flex items-center gap-1', rowClassName)}>
              <DropdownMenu.Item
                onSelect={() => onSelect(entry.id)}
                aria-current={selected ? 'true' : undefined}
                className={cn(
                  'flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none',
                  selected ? 'bg-brand-50 font-medium text-brand-700 data-highlighted:bg-brand-100' : 'text-slate-700 data-highlighted:bg-slate-100',
                )}
              >
                <span className="flex h-4 w-4 items-center justify-center">{selected ? <Check className="h-4 w-4" aria-hidden /> : null}</span>
                <span className="truncate">{entry.name}</span>
              </DropdownMenu.Item>
              {selected && onRename ? (
                <DropdownMenu.Item
                  onSelect={() => onRename(entry.id)}
                  aria-label={renameLabel(entry.name)}
                  title={renameTitle}
                  className="flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-500 outline-none data-highlighted:bg-slate-100 data-highlighted:text-slate-900"
                >
                  <Pencil className="h-3.5 w-3.5" aria-hidden />
                </DropdownMenu.Item>
              ) : null}
            </div>
          );
        })
      )}
    </div>
  );
}
