interface HasId {
  id: string;
}

interface Ordered extends HasId {
  order: number;
}

/** The remembered project if it still exists, else the first one (the list is newest first). */
export function chooseProjectId<T extends HasId>(projects: readonly T[], rememberedId: string | null): string | null {
  if (rememberedId && projects.some((p) => p.id === rememberedId)) return rememberedId;
  return projects[0]?.id ?? null;
}

/**
 * The project to show: the one in the address (`/create/:projectId`) if the user has it, else the
 * one chosen in this page, else the remembered one, else the first.
 */
export function resolveProjectId<T extends HasId>(
  projects: readonly T[],
  choices: { routeId?: string | null; explicitId?: string | null; rememberedId?: string | null },
): string | null {
  for (const id of [choices.routeId, choices.explicitId]) {
    if (id && projects.some((p) => p.id === id)) return id;
  }
  return chooseProjectId(projects, choices.rememberedId ?? null);
}

/** The address of a project's workspace, so it can be bookmarked and survives a reload. */
export function projectPath(projectId: string): string {
  return `/create/${encodeURIComponent(projectId)}`;
}

/** The remembered scene if it exists, else the scene with the lowest order, else the first. */
export function chooseSceneId<T extends Ordered>(scenes: readonly T[], rememberedId: string | null): string | null {
  if (rememberedId && scenes.some((s) => s.id === rememberedId)) return rememberedId;
  let best: T | undefined;
  for (const scene of scenes) {
    if (typeof scene.order !== 'number' || !Number.isFinite(scene.order)) continue;
    if (!best || scene.order < best.order) best = scene;
  }
  return best?.id ?? scenes[0]?.id ?? null;
}
