import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Layers, Pencil, Plus } from 'lucide-react';
import type { Scene } from '@/api/types';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { sceneLabel } from '../logic/names';

export interface SceneSelectorProps {
  scenes: Scene[];
  selectedId: string | null;
  loading?: boolean;
  onSelect: (sceneId: string) => void;
  onCreate: () => void;
  onRename?: (sceneId: string) => void;
  /** List height in px (300 on mobile). */
  maxHeight?: number;
  label?: string;
  className?: string;
}

/** Picks the current scene (campaign) and offers New Campaign. */
export function SceneSelector({
  scenes,
  selectedId,
  loading,
  onSelect,
  onCreate,
  onRename,
  maxHeight = 320,
  label = 'Campaign',
  className,
}: SceneSelectorProps) {
  const selected = scenes.find((s) => s.id === selectedId);
  const title = selected ? sceneLabel(selected.name) : loading ? 'Loading…' : scenes.length === 0 ? 'No campaigns available' : 'Select a campaign';
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label="Select campaign"
          className="group flex h-10 min-w-0 flex-1 items-center gap-2.5 rounded-lg bg-white px-3 text-left ring-1 ring-slate-200 transition hover:ring-slate-300 data-[state=open]:ring-brand-400"
        >
          <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-600">
            <Layers className="h-3.5 w-3.5" aria-hidden />
          </span>
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</span>
            <span className="truncate text-sm font-medium text-slate-900" data-testid="current-scene">
              {title}
            </span>
          </span>
          <ChevronDown className="h-4 w-4 shrink-0 text-slate-400 transition group-data-[state=open]:rotate-180" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={6}
            className="z-50 w-(--radix-dropdown-menu-trigger-width) min-w-60 rounded-xl bg-white p-1 shadow-xl ring-1 ring-slate-900/10"
          >
            <div className="overflow-y-auto overscroll-contain" style={{ maxHeight }}>
              {scenes.length === 0 ? (
                <p className="px-3 py-6 text-center text-sm text-slate-500">No campaigns available</p>
              ) : (
                scenes.map((scene) => {
                  const isSelected = scene.id === selectedId;
                  return (
                    <div key={scene.id} className="flex items-center gap-1">
                      <DropdownMenu.Item
                        onSelect={() => onSelect(scene.id)}
                        aria-current={isSelected ? 'true' : undefined}
                        className={cn(
                          'flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none',
                          isSelected ? 'bg-brand-50 font-medium text-brand-700 data-highlighted:bg-brand-100' : 'text-slate-700 data-highlighted:bg-slate-100',
                        )}
                      >
                        <span className="flex h-4 w-4 items-center justify-center">{isSelected ? <Check className="h-4 w-4" aria-hidden /> : null}</span>
                        <span className="truncate">{sceneLabel(scene.name)}</span>
                      </DropdownMenu.Item>
                      {isSelected && onRename ? (
                        <DropdownMenu.Item
                          onSelect={() => onRename(scene.id)}
                          aria-label={`Rename campaign ${sceneLabel(scene.name)}`}
                          title="Rename campaign"
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
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Button
        variant="secondary"
        size="md"
        onClick={onCreate}
        className="h-10 max-[379px]:w-10 max-[379px]:justify-center max-[379px]:px-0"
        title="New Campaign"
      >
        <Plus className="h-4 w-4" aria-hidden />
        <span className="max-[379px]:sr-only">New Campaign</span>
      </Button>
    </div>
  );
}
