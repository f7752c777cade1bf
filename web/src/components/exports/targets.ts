/** The places an export makes files for, as the API names them, in the order shown. */
export const TARGETS = [
  { name: 'amazon_main', label: 'Amazon main image', size: '2000×2000 JPEG, product on pure white' },
  { name: 'amazon_lifestyle', label: 'Amazon lifestyle image', size: '2000×2000 JPEG' },
  { name: 'etsy', label: 'Etsy listing photo', size: '2000×1600 JPEG' },
  { name: 'shopify', label: 'Shopify product image', size: '2048×2048 JPEG' },
  { name: 'instagram_feed', label: 'Instagram feed post', size: '1080×1350 JPEG' },
  { name: 'instagram_story', label: 'Instagram story', size: '1080×1920 JPEG' },
  { name: 'facebook_feed', label: 'Facebook feed post', size: '1080×1080 JPEG' },
  { name: 'pinterest', label: 'Pinterest pin', size: '1000×1500 JPEG' },
  { name: 'transparent_png', label: 'Transparent PNG', size: 'the product alone, no background' },
] as const;

/** The files a video makes: reels with music, H.264 and AAC in an MP4. */
export const REEL_TARGETS = [
  { name: 'reel', label: 'Reel (9:16)', size: '1080×1920 MP4, H.264 video with AAC music' },
  { name: 'reel_square', label: 'Square reel', size: '1080×1080 MP4' },
  { name: 'reel_feed', label: 'Feed reel (4:5)', size: '1080×1350 MP4' },
] as const;

export type TargetName = (typeof TARGETS)[number]['name'] | (typeof REEL_TARGETS)[number]['name'];

export const ALL_TARGETS: TargetName[] = TARGETS.map((t) => t.name);

/**
 * What an export costs and keeps, as the server applies it: no credits and no AI model (a picture kept whole has its
 * edges extended by the studio, an AI scene included), the same export again reuses its files, three at a time, and the
 * files count toward the account's storage.
 */
export const EXPORT_TERMS =
  'Free: no credits and no AI model — where a format needs more room, the studio extends the picture’s own background. Asking for the same files again gives you the ones already made. Up to 3 exports at a time; export files count toward your storage (delete them to make room).';

/** One click chooses the targets a seller needs for one place. */
export const PRESETS: { name: string; targets: TargetName[] }[] = [
  { name: 'Amazon listing', targets: ['amazon_main', 'amazon_lifestyle', 'transparent_png'] },
  { name: 'Etsy listing', targets: ['etsy', 'pinterest'] },
  { name: 'Instagram', targets: ['instagram_feed', 'instagram_story'] },
  { name: 'Everything', targets: ALL_TARGETS },
];

export const ALL_REEL_TARGETS: TargetName[] = REEL_TARGETS.map((t) => t.name);

/** Targets in the order shown, whatever order they were picked in. */
export function ordered(selected: ReadonlySet<TargetName>): TargetName[] {
  return [...ALL_TARGETS, ...ALL_REEL_TARGETS].filter((t) => selected.has(t));
}

/** Whether every target of the preset is chosen. */
export function presetChosen(selected: ReadonlySet<TargetName>, preset: readonly TargetName[]): boolean {
  return preset.every((t) => selected.has(t));
}

/** A preset adds its targets to the choice, or takes them all out again when they were all chosen. */
export function togglePreset(selected: ReadonlySet<TargetName>, preset: readonly TargetName[]): Set<TargetName> {
  const next = new Set(selected);
  if (presetChosen(selected, preset)) for (const t of preset) next.delete(t);
  else for (const t of preset) next.add(t);
  return next;
}

/** "All 6 checks pass" or "2 of 6 checks fail". */
export function checksSummary(checks: readonly { ok: boolean }[]): string {
  const failed = checks.filter((c) => !c.ok).length;
  if (failed === 0) return checks.length === 1 ? 'The check passes' : `All ${checks.length} checks pass`;
  return `${failed} of ${checks.length} checks fail`;
}
