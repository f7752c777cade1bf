/** Local storage keys used by the web app. */
export const storageKeys = {
  chatWidth: 'studio:chat-width',
  lastProject: 'studio:last-project-id',
  lastScene: (projectId: string) => `studio:last-scene:${projectId}`,
  signupPending: 'studio:signup-pending',
  /** Someone has signed in on this browser: after signing out it offers the sign-in form, not sign-up. */
  signedInBefore: 'studio:signed-in-before',
  storyboardZoom: 'studio:storyboard-zoom',
  soundMuted: 'studio:sound-muted',
  /** Before the three engines: "1" when the studio engine was to draw even with a hosted image model. */
  keepProductExact: 'studio:keep-product-exact',
  /** The image engine chosen on this browser: hosted_exact, hosted or studio. */
  imageEngine: 'studio:image-engine',
  /** The style preset chosen for a scene. */
  scenePreset: (sceneId: string) => `studio:scene-preset:${sceneId}`,
  /** The last style preset list, shown when the server cannot be reached. */
  presetCache: 'studio:style-presets',
  /** Feedback given per chat message (`Thanks!` stays). */
  feedbackGiven: 'studio:feedback-given',
  /** Generation settings per project and scene. */
  generationSettings: (projectId: string, sceneId: string) => `studio:generation-settings:${projectId}:${sceneId}`,
} as const;

function store(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or disabled: preferences are best effort.
  }
}

export function readNumber(key: string): number | null {
  const raw = readString(key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
