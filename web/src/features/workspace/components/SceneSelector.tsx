import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Layers, Plus } from 'lucide-react';
import type { Scene } from '@/api/types';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { sceneLabel } from '../logic/names';
import { MenuPickList } from './MenuPickList';

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
            <MenuPickList
              entries={scenes.map((scene) => ({ id: scene.id, name: sceneLabel(scene.name) }))}
              selectedId={selectedId}
              onSelect={onSelect}
              onRename={onRename}
              renameTitle="Rename campaign"
              renameLabel={(name) => `Rename campaign ${name}`}
              empty="No campaigns available"
              maxHeight={maxHeight}
            />
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
