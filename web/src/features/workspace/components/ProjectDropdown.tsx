import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, FolderOpen, Plus } from 'lucide-react';
import type { Project } from '@/api/types';
import { MenuPickList } from './MenuPickList';

export interface ProjectListProps {
  projects: Project[];
  selectedId: string | null;
  onSelect: (projectId: string) => void;
  onRename: (projectId: string) => void;
  onCreate: () => void;
  /** Max list height in px: 400 on desktop, 200 in the mobile menu. */
  maxHeight: number;
}

/** The project entries of a menu: selected one highlighted with a rename pencil, then New Project. */
export function ProjectMenuItems({ projects, selectedId, onSelect, onRename, onCreate, maxHeight }: ProjectListProps) {
  return (
    <>
      <MenuPickList
        entries={projects}
        selectedId={selectedId}
        onSelect={onSelect}
        onRename={onRename}
        renameTitle="Rename project"
        renameLabel={(name) => `Rename project ${name}`}
        empty="No projects yet"
        maxHeight={maxHeight}
        className="py-1"
        rowClassName="px-1"
        data-testid="project-list"
      />
      <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
      <DropdownMenu.Item
        onSelect={onCreate}
        className="mx-1 flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-brand-700 outline-none select-none data-highlighted:bg-brand-50"
      >
        <Plus className="h-4 w-4" aria-hidden /> New Project
      </DropdownMenu.Item>
    </>
  );
}

/** The project dropdown in the desktop top bar. */
export function ProjectDropdown(props: Omit<ProjectListProps, 'maxHeight'> & { loading?: boolean }) {
  const selected = props.projects.find((p) => p.id === props.selectedId);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Select project"
        className="group inline-flex h-9 max-w-[280px] min-w-[180px] items-center gap-2 rounded-lg bg-white/5 px-3 text-sm text-white ring-1 ring-white/10 transition hover:bg-white/10 data-[state=open]:bg-white/10"
      >
        <FolderOpen className="h-4 w-4 shrink-0 text-brand-300" aria-hidden />
        <span className="min-w-0 flex-1 truncate text-left font-medium" data-testid="current-project">
          {selected?.name ?? (props.loading ? 'Loading projects…' : 'No project')}
        </span>
        <ChevronDown className="h-4 w-4 shrink-0 text-slate-400 transition group-data-[state=open]:rotate-180" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} className="z-50 w-72 rounded-xl bg-white p-1 shadow-xl ring-1 ring-slate-900/10">
          <DropdownMenu.Label className="px-3 pt-2 pb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">Projects</DropdownMenu.Label>
          <ProjectMenuItems {...props} maxHeight={400} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
