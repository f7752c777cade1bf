const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEDIA_FILE = /\/media\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * The server asset id of a media item: its id when that is a UUID, else the UUID in a
 * `/media/file/{uuid}` URL, else its asset id; null when none is a UUID (a local or foreign item).
 */
export function assetIdOf(item: { id?: unknown; url?: unknown; assetId?: unknown; asset_id?: unknown }): string | null {
  if (isUuid(item.id)) return item.id.toLowerCase();
  if (typeof item.url === 'string') {
    const match = MEDIA_FILE.exec(item.url);
    if (match?.[1]) return match[1].toLowerCase();
  }
  for (const candidate of [item.assetId, item.asset_id]) if (isUuid(candidate)) return candidate.toLowerCase();
  return null;
}
