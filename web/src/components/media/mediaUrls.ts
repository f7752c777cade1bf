import { assetIdOf } from '@/lib/media/assetId';

interface MediaRef {
  id: string | null;
  url: string;
  thumbnailUrl?: string | null;
}

/** A video's still: its thumbnail when known, else the server's first-frame poster of its asset. */
export function posterUrlOf(item: MediaRef): string | undefined {
  if (item.thumbnailUrl) return item.thumbnailUrl;
  const id = assetIdOf(item);
  return id ? `/api/media/file/${id}?variant=poster` : undefined;
}

/** The attachment download of a server asset; null for media the server does not hold. */
export function downloadUrlOf(item: MediaRef): string | null {
  const id = assetIdOf(item);
  return id ? `/api/media/download/${id}` : null;
}
