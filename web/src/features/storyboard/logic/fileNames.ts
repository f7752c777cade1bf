/** A share link as a full address (the server answers a path), so it can be pasted anywhere. */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}
