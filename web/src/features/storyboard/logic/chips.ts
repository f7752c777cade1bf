import type { MediaAsset } from '@/api/types';
import { ASPECT_RATIO_LABELS, type AspectRatioName } from '@/lib/media/aspectRatio';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** "820 B", "12 KB", "1.4 MB", "2.1 GB"; null for an unknown or empty size. */
export function formatFileSize(bytes: number | null | undefined): string | null {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return null;
  if (bytes < KB) return `${Math.round(bytes)} B`;
  const [value, unit] = bytes < MB ? [bytes / KB, 'KB'] : bytes < GB ? [bytes / MB, 'MB'] : [bytes / GB, 'GB'];
  // One decimal while it says something (1.4 MB), none once the number is large (240 KB).
  const text = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${text} ${unit}`;
}

const FORMAT_ALIASES: Record<string, string> = { jpeg: 'JPG', 'svg+xml': 'SVG', mpeg: 'MP3', 'x-wav': 'WAV', quicktime: 'MOV' };

/** "PNG", "JPG", "MP4" from the output format, else the MIME subtype, else the file name's extension. */
export function formatOutputFormat(asset: { output_format?: string | null; mime_type?: string | null; filename?: string | null }): string | null {
  const candidates = [
    asset.output_format,
    asset.mime_type?.includes('/') ? asset.mime_type.split('/')[1] : null,
    asset.filename?.includes('.') ? asset.filename.slice(asset.filename.lastIndexOf('.') + 1) : null,
  ];
  for (const raw of candidates) {
    const value = raw?.trim().toLowerCase().replace(/^\./, '');
    if (!value) continue;
    if (Object.hasOwn(FORMAT_ALIASES, value)) return FORMAT_ALIASES[value] ?? null;
    if (/^[a-z0-9+-]{1,8}$/.test(value)) return value.toUpperCase();
  }
  return null;
}

/** "5s", "12s", "1:05", "1:02:03"; null when unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Ratios people know, tried in this order when the pixel size is not an exact small ratio. */
const COMMON_RATIOS: readonly [number, number][] = [
  [1, 1],
  [2, 3],
  [3, 2],
  [4, 5],
  [5, 4],
  [3, 4],
  [4, 3],
  [9, 16],
  [16, 9],
  [21, 9],
];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "2:3" from the pixel size (exact or within 2 % of a common ratio), else from the stored name. */
export function aspectRatioLabel(dimensions: { width: number; height: number } | null | undefined, named?: string | null): string | null {
  const { width = 0, height = 0 } = dimensions ?? {};
  if (Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0) {
    const d = gcd(width, height);
    if (width / d <= 32 && height / d <= 32) return `${width / d}:${height / d}`;
    const ratio = width / height;
    const near = COMMON_RATIOS.find(([w, h]) => Math.abs(ratio / (w / h) - 1) <= 0.02);
    if (near) return `${near[0]}:${near[1]}`;
  }
  const name = named?.trim().toLowerCase();
  if (!name) return null;
  if (Object.hasOwn(ASPECT_RATIO_LABELS, name)) return ASPECT_RATIO_LABELS[name as AspectRatioName];
  return /^\d{1,3}:\d{1,3}$/.test(name) ? name : null;
}

/** `width / height` for CSS from the pixel size, else from the stored ratio name; null when unknown. */
export function assetAspectRatio(dimensions: { width: number; height: number } | null | undefined, named?: string | null): number | null {
  if (dimensions && dimensions.width > 0 && dimensions.height > 0) return dimensions.width / dimensions.height;
  const label = aspectRatioLabel(null, named);
  const match = label ? /^(\d+):(\d+)$/.exec(label) : null;
  return match ? Number(match[1]) / Number(match[2]) : null;
}

export interface AssetChip {
  kind: 'size' | 'format' | 'duration' | 'ratio';
  label: string;
  /** What a screen reader hears. */
  description: string;
}

type ChipSource = Pick<MediaAsset, 'file_type' | 'mime_type' | 'filename'> & {
  file_size?: number | null;
  file_metadata?: MediaAsset['file_metadata'] | null;
};

/** The facts a card shows about its asset: file size, output format, duration (video, audio) and aspect ratio (image, video). */
export function assetChips(asset: ChipSource): AssetChip[] {
  const meta = asset.file_metadata ?? {};
  const chips: AssetChip[] = [];
  const size = formatFileSize(asset.file_size || meta.fileSize);
  if (size) chips.push({ kind: 'size', label: size, description: `File size ${size}` });
  const format = formatOutputFormat({ output_format: meta.output_format, mime_type: asset.mime_type, filename: asset.filename });
  if (format) chips.push({ kind: 'format', label: format, description: `Format ${format}` });
  if (asset.file_type !== 'image') {
    const duration = formatDuration(meta.duration);
    if (duration) chips.push({ kind: 'duration', label: duration, description: `Duration ${duration}` });
  }
  if (asset.file_type !== 'audio') {
    const ratio = aspectRatioLabel(meta.dimensions, meta.aspect_ratio);
    if (ratio) chips.push({ kind: 'ratio', label: ratio, description: `Aspect ratio ${ratio}` });
  }
  return chips;
}
