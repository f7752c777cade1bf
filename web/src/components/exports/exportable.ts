/** Images export as pictures and videos as reels; music and anything else has no export. */
export function exportable(asset: { file_type: string }): boolean {
  return asset.file_type === 'image' || asset.file_type === 'video';
}
