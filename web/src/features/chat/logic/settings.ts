import { ASPECT_RATIO_LABELS, aspectRatioOf, RESOLUTIONS, type Resolution } from '@/lib/media/aspectRatio';
import type { MediaKind } from './messages';

export type Quality = 'low' | 'medium' | 'high';
export type Duration = 5 | 10;

export interface GenerationSettings {
  quality: Quality;
  resolution: Resolution;
  duration: Duration;
}

export const QUALITIES: readonly Quality[] = ['low', 'medium', 'high'];
export const DURATIONS: readonly Duration[] = [5, 10];

export const DEFAULT_SETTINGS: GenerationSettings = { quality: 'medium', resolution: '1024x1536', duration: 5 };

export const QUALITY_LABELS: Record<Quality, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const RESOLUTION_LABELS: Record<Resolution, string> = { '1024x1024': 'Square', '1536x1024': 'Landscape', '1024x1536': 'Portrait' };

function parseDuration(value: unknown): Duration | null {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return seconds === 5 || seconds === 10 ? seconds : null;
}

/** Settings from the server or local storage; null unless quality and resolution are valid (duration defaults to 5). */
export function normalizeSettings(value: unknown): GenerationSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const quality = QUALITIES.find((q) => q === record.quality);
  const resolution = RESOLUTIONS.find((r) => r === record.resolution);
  if (!quality || !resolution) return null;
  return { quality, resolution, duration: parseDuration(record.duration) ?? DEFAULT_SETTINGS.duration };
}

export function readStoredSettings(raw: string | null): GenerationSettings | null {
  if (!raw) return null;
  try {
    return normalizeSettings(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function serializeSettings(settings: GenerationSettings): string {
  return JSON.stringify(settings);
}

/** The scene's stored settings win, then the copy kept in this browser, then the defaults. */
export function initialSettings(sceneSettings: unknown, stored: string | null): GenerationSettings {
  return normalizeSettings(sceneSettings) ?? readStoredSettings(stored) ?? DEFAULT_SETTINGS;
}

/** "Medium · 2:3 Portrait · 5s" */
export function settingsSummary(settings: GenerationSettings): string {
  const ratio = ASPECT_RATIO_LABELS[aspectRatioOf(settings.resolution)];
  return `${QUALITY_LABELS[settings.quality]} · ${ratio} ${RESOLUTION_LABELS[settings.resolution]} · ${settings.duration}s`;
}

/** The form the chat sends with a message: duration as text like "5s". */
export function preProductionSettings(settings: GenerationSettings) {
  return { quality: settings.quality, resolution: settings.resolution, duration: `${settings.duration}s` };
}

/** The form the generate routes and the scene update take: duration as "5". */
export function settingsInput(settings: GenerationSettings) {
  return { quality: settings.quality, resolution: settings.resolution, duration: String(settings.duration) };
}

/** Credits a generation costs: 1 per image or track, a video its duration. */
export function generationCost(kind: MediaKind, settings: Pick<GenerationSettings, 'duration'>): number {
  return kind === 'video' ? settings.duration : 1;
}

export function creditsLabel(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
}
