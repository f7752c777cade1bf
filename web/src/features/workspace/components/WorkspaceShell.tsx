import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BookOpen, FolderOpen, LayoutGrid, MessageSquareText } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { Scene, User } from '@/api/types';
import { Logo } from '@/components/Logo';
import { Button } from '@/components/ui/Button';
import { BROWSER_EVENTS, useBrowserEvent } from '@/lib/browserEvents';
import { MOBILE_BREAKPOINT } from '@/lib/breakpoints';
import { useToastsBelow } from '@/lib/toast';
import { useViewportWidth } from '@/lib/useMediaQuery';
import { useChatWidth } from '../state/useChatWidth';
import { useWorkspace } from '../state/WorkspaceContext';
import { AppMenu } from './AppMenu';
import { SceneDialog } from './SceneDialog';
import { ProjectDropdown, ProjectMenuItems } from './ProjectDropdown';
import { ProjectNameDialog } from './ProjectNameDialog';
import { ResizableDivider } from './ResizableDivider';
import { SceneSelector } from './SceneSelector';
import { SceneWorkspacePanel } from './SceneWorkspacePanel';

/** What the workspace hands to the storyboard it hosts. */
export interface StoryboardSlotProps {
  projectId: string | null;
  selectedSceneId: string | null;
  onSelectScene: (sceneId: string) => void;
  onCreateScene: () => void;
  settingUp: boolean;
}

/** What the workspace hands to the left panel it hosts (the scene's chat, Generate panel and product images). */
export interface ScenePanelSlotProps {
  projectId: string | null;
  scene: Scene | null;
  scenes: Scene[];
  /** The scene selector bar for the panel's top (null on mobile, where it sits above the panel). */
  header: ReactNode;
}

/** The optional style-preset choice of Create New Campaign. */
export interface PresetChoiceSlotProps {
  value: string | null;
  onChange: (presetId: string | null) => void;
  disabled: boolean;
}

export interface WorkspaceShellProps {
  user: User;
  onLogout: () => void;
  renderCredits: (compact: boolean) => ReactNode;
  renderStoryboard: (props: StoryboardSlotProps) => ReactNode;
  /** The left panel; without it the panel shows its tabs empty. */
  renderScenePanel?: (props: ScenePanelSlotProps) => ReactNode;
  renderPresetChoice?: (props: PresetChoiceSlotProps) => ReactNode;
  guideUrl?: string;
  /** Whether the selected campaign holds media; undefined while unknown. */
  sceneHasMedia?: boolean;
}

function displayName(user: User): string | null {
  const parts = [user.given_name, user.family_name].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length ? parts.join(' ') : null;
}

/** The /create workspace: top bar, chat panel with a draggable divider, storyboard; a toggled single column on mobile. */
export function WorkspaceShell({
  user,
  onLogout,
  renderCredits,
  renderStoryboard,
  renderScenePanel,
  renderPresetChoice,
  guideUrl = '/guide',
  sceneHasMedia,
}: WorkspaceShellProps) {
  const ws = useWorkspace();
  const viewportWidth = useViewportWidth();
  const isMobile = viewportWidth < MOBILE_BREAKPOINT;
  // On a phone the project and campaign bar sits under the header: toasts go below both.
  const topBar = useRef<HTMLDivElement>(null);
  useToastsBelow(topBar, isMobile);
  const { width, range, resize } = useChatWidth(viewportWidth);
  // A phone opens where the work is: the chat and photos for a campaign without media, else the
  // storyboard. Decided once, when that is known, so a first picture arriving does not pull the
  // seller away from the chat; after that only the seller switches.
  const [chosenView, setMobileView] = useState<'chat' | 'storyboard' | null>(null);
  if (isMobile && chosenView === null && sceneHasMedia !== undefined) setMobileView(sceneHasMedia ? 'storyboard' : 'chat');
  const mobileView = chosenView ?? 'storyboard';
  // A recalled brief fills the Generate panel: a phone shows the panel in place of the storyboard.
  useBrowserEvent(BROWSER_EVENTS.showGenerate, () => {
    if (isMobile) setMobileView('chat');
  });

  const projectListProps = {
    projects: ws.projects,
    selectedId: ws.selectedProject?.id ?? null,
    onSelect: ws.selectProject,
    onRename: ws.openRenameProject,
    onCreate: ws.openCreateProject,
  };

  const sceneSelectorProps = {
    scenes: ws.scenes,
    selectedId: ws.selectedScene?.id ?? null,
    loading: ws.scenesLoading,
    onSelect: ws.selectScene,
    onCreate: ws.openCreateScene,
    onRename: ws.openRenameScene,
  };

  const storyboard = renderStoryboard({
    projectId: ws.selectedProject?.id ?? null,
    selectedSceneId: ws.selectedScene?.id ?? null,
    onSelectScene: ws.selectScene,
    onCreateScene: ws.openCreateScene,
    settingUp: ws.creatingProject || ws.projectsLoading,
  });

  const leftPanel = (header: ReactNode) =>
    renderScenePanel ? (
      renderScenePanel({ projectId: ws.selectedProject?.id ?? null, scene: ws.selectedScene ?? null, scenes: ws.scenes, header })
    ) : (
      <SceneWorkspacePanel header={header} chat={null} generate={null} />
    );

  const guide = (
    <a
      href={guideUrl}
      className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-300 transition hover:bg-white/10 hover:text-white"
    >
      <BookOpen className="h-4 w-4" aria-hidden />
      <span className={isMobile ? 'sr-only' : undefined}>Guide</span>
    </a>
  );

  return (
    <div className="fixed inset-0 flex min-h-0 flex-col bg-slate-50">
      <header className="flex h-14 shrink-0 items-center gap-2 bg-ink-950 px-3 text-white shadow-[inset_0_-1px_0_rgb(255_255_255/0.06)] sm:gap-3 sm:px-4">
        <AppMenu userEmail={user.email} userName={displayName(user)} onLogout={onLogout}>
          {isMobile ? (
            <>
              <DropdownMenu.Label className="px-3 pt-1 pb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">Current Project</DropdownMenu.Label>
              <ProjectMenuItems {...projectListProps} maxHeight={200} />
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            </>
          ) : null}
        </AppMenu>
        {isMobile ? (
          <div className="flex min-w-0 flex-1 justify-center">
            <Logo dark compact={viewportWidth < 360} />
          </div>
        ) : (
          <>
            <Logo dark />
            <span aria-hidden className="mx-1 h-6 w-px bg-white/10" />
            <ProjectDropdown {...projectListProps} loading={ws.projectsLoading} />
            <div className="flex-1" />
          </>
        )}
        <div className="flex items-center gap-1.5 sm:gap-2">
          {guide}
          {renderCredits(isMobile)}
        </div>
      </header>

      {isMobile ? (
        <div className="flex min-h-0 flex-1 flex-col">
          <div ref={topBar} className="flex flex-col gap-2 border-b border-slate-200 bg-white px-3 py-2.5">
            <div className="flex items-center justify-between gap-2">
              <p className="flex min-w-0 items-center gap-1.5 text-sm">
                <FolderOpen className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                <span className="sr-only">Project: </span>
                <span className="truncate font-medium text-slate-900">{ws.selectedProject?.name ?? 'No project'}</span>
              </p>
              <Button variant="secondary" size="sm" onClick={() => setMobileView(mobileView === 'chat' ? 'storyboard' : 'chat')}>
                {mobileView === 'chat' ? <LayoutGrid className="h-4 w-4" aria-hidden /> : <MessageSquareText className="h-4 w-4" aria-hidden />}
                {mobileView === 'chat' ? 'Show Storyboard' : 'Show Chat'}
              </Button>
            </div>
            <SceneSelector {...sceneSelectorProps} maxHeight={300} label="Current Campaign" />
          </div>
          <div className="min-h-0 flex-1">{mobileView === 'chat' ? leftPanel(null) : storyboard}</div>
        </div>
      ) : (
        <div className="flex min-h-0 flex-1">
          <aside style={{ width }} className="h-full shrink-0 border-r border-slate-200" data-testid="chat-panel">
            {leftPanel(<SceneSelector {...sceneSelectorProps} />)}
          </aside>
          <ResizableDivider width={width} min={range.min} max={range.max} onResize={resize} />
          <main className="h-full min-w-0 flex-1">{storyboard}</main>
        </div>
      )}

      <ProjectNameDialog
        mode="create"
        open={ws.createProjectOpen}
        initialName={ws.defaultProjectName}
        busy={ws.creatingProject}
        onCancel={ws.closeProjectDialog}
        onSubmit={ws.createNewProject}
      />
      <ProjectNameDialog
        mode="rename"
        open={ws.renameTarget !== null}
        initialName={ws.renameTarget?.name ?? ''}
        onCancel={ws.closeProjectDialog}
        onSubmit={(name) => (ws.renameTarget ? ws.renameProject(ws.renameTarget.id, name) : undefined)}
      />
      <SceneDialog
        open={ws.sceneDialogOpen}
        initialName={ws.defaultSceneName}
        busy={ws.creatingScene}
        onOpenChange={ws.setSceneDialogOpen}
        onSubmit={ws.addScene}
        renderPresetChoice={renderPresetChoice}
      />
      <SceneDialog
        mode="rename"
        open={ws.renameSceneTarget !== null}
        initialName={ws.renameSceneTarget?.name ?? ''}
        busy={ws.renamingScene}
        onOpenChange={(open) => (open ? undefined : ws.closeRenameScene())}
        onSubmit={(name) => (ws.renameSceneTarget ? ws.renameScene(ws.renameSceneTarget.id, name) : undefined)}
      />
    </div>
  );
}
