import type { MediaAsset } from '@/api/types';
import { formatOutputFormat } from './chips';

/** Lower-case ASCII words joined by dashes ("Été Sale!" → "ete-sale"), at most 40 characters; `fallback` when nothing is left. */
export function slugify(text: string | null | undefined, fallback: string): string {
  const slug = (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug || fallback;
}

const DEFAULT_EXTENSION: Record<MediaAsset['file_type'], string> = { image: 'png', video: 'mp4', audio: 'mp3' };

/** The file extension to save an asset with ("jpg", "png", "mp4"). */
export function extensionOf(asset: Pick<MediaAsset, 'file_type' | 'mime_type' | 'filename'> & { file_metadata?: MediaAsset['file_metadata'] | null }): string {
  const format = formatOutputFormat({ output_format: asset.file_metadata?.output_format, mime_type: asset.mime_type, filename: asset.filename });
  return format ? format.toLowerCase() : DEFAULT_EXTENSION[asset.file_type];
}

/** "{project}-{scene}-{n}.{ext}", e.g. "spring-launch-campaign-1-2.png"; `n` counts from 1. */
export function downloadFileName(projectName: string | null | undefined, sceneName: string | null | undefined, n: number, extension: string): string {
  const ext = extension.replace(/^\.+/, '').toLowerCase() || 'bin';
  return `${slugify(projectName, 'project')}-${slugify(sceneName, 'campaign')}-${Math.max(1, Math.trunc(n))}.${ext}`;
}

/** The attachment route of a stored asset. */
export function downloadHref(assetId: string): string {
  return `/api/media/download/${encodeURIComponent(assetId)}`;
}

/** A share link as a full address (the server answers a path), so it can be pasted anywhere. */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}
