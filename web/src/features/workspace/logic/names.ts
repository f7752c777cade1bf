export const PROJECT_NAME_REQUIRED = 'Project name cannot be empty';

/** The inline error for a project name, or null when it is valid. */
export function validateProjectName(name: string): string | null {
  return name.trim() === '' ? PROJECT_NAME_REQUIRED : null;
}

/** A campaign can be created only once its trimmed name is not blank. */
export function canSubmitSceneName(name: string): boolean {
  return name.trim() !== '';
}

/** Prefilled name for the next project: New Project {n+1}. */
export function defaultProjectName(existingCount: number): string {
  return `New Project ${Math.max(0, existingCount) + 1}`;
}

/** Prefilled name for the next campaign: Campaign {n+1}. */
export function defaultSceneName(existingCount: number): string {
  return `Campaign ${Math.max(0, existingCount) + 1}`;
}

export const INITIAL_SCENE_NAME = defaultSceneName(0);

/** Label shown for a scene in lists. */
export function sceneLabel(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? 'Untitled Campaign' : trimmed;
}
