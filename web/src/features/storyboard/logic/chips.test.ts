import { aspectRatioLabel, assetAspectRatio, assetChips, formatDuration, formatFileSize, formatOutputFormat } from './chips';

describe('formatFileSize', () => {
  it('uses B, KB, MB and GB with one decimal under 10', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(245_000)).toBe('239 KB');
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
  it('is null for nothing', () => {
    expect(formatFileSize(0)).toBeNull();
    expect(formatFileSize(null)).toBeNull();
    expect(formatFileSize(Number.NaN)).toBeNull();
  });
});

describe('formatOutputFormat', () => {
  it('reads the output format, then the MIME type, then the extension', () => {
    expect(formatOutputFormat({ output_format: 'png' })).toBe('PNG');
    expect(formatOutputFormat({ output_format: 'jpeg' })).toBe('JPG');
    expect(formatOutputFormat({ output_format: null, mime_type: 'video/mp4' })).toBe('MP4');
    expect(formatOutputFormat({ mime_type: 'audio/mpeg' })).toBe('MP3');
    expect(formatOutputFormat({ mime_type: '', filename: 'clip.final.WEBM' })).toBe('WEBM');
    expect(formatOutputFormat({ filename: 'noext' })).toBeNull();
  });
});

describe('formatDuration', () => {
  it('shows seconds, then minutes and hours', () => {
    expect(formatDuration(5)).toBe('5s');
    expect(formatDuration(9.6)).toBe('10s');
    expect(formatDuration(0.2)).toBe('1s');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(0)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
  });
});

describe('aspectRatioLabel', () => {
  it('reduces the pixel size', () => {
    expect(aspectRatioLabel({ width: 1024, height: 1536 })).toBe('2:3');
    expect(aspectRatioLabel({ width: 1920, height: 1080 })).toBe('16:9');
    expect(aspectRatioLabel({ width: 1024, height: 1024 })).toBe('1:1');
  });
  it('rounds an odd size to a common ratio, else uses the stored name', () => {
    expect(aspectRatioLabel({ width: 1000, height: 667 })).toBe('3:2');
    expect(aspectRatioLabel({ width: 1000, height: 333 }, 'landscape')).toBe('3:2');
    expect(aspectRatioLabel(null, 'portrait')).toBe('2:3');
    expect(aspectRatioLabel(null, '9:16')).toBe('9:16');
    expect(aspectRatioLabel(null, 'weird')).toBeNull();
    expect(aspectRatioLabel(null, null)).toBeNull();
  });
  it('gives a CSS ratio', () => {
    expect(assetAspectRatio({ width: 1024, height: 1536 })).toBeCloseTo(2 / 3);
    expect(assetAspectRatio(null, 'landscape')).toBeCloseTo(1.5);
    expect(assetAspectRatio(null, null)).toBeNull();
  });
});

describe('assetChips', () => {
  const base = { mime_type: 'image/png', filename: 'a.png', file_size: 2 * 1024 * 1024 };
  it('lists size, format and ratio for an image', () => {
    const chips = assetChips({ ...base, file_type: 'image', file_metadata: { output_format: 'png', dimensions: { width: 1024, height: 1536 }, duration: 4 } });
    expect(chips.map((c) => c.label)).toEqual(['2 MB', 'PNG', '2:3']);
    expect(chips[0]?.description).toBe('File size 2 MB');
  });
  it('adds the duration of a video and leaves the ratio out for audio', () => {
    expect(
      assetChips({ ...base, mime_type: 'video/mp4', file_type: 'video', file_metadata: { duration: 5, aspect_ratio: 'portrait' } }).map((c) => c.label),
    ).toEqual(['2 MB', 'MP4', '5s', '2:3']);
    expect(
      assetChips({ ...base, mime_type: 'audio/mpeg', file_size: 0, file_type: 'audio', file_metadata: { duration: 30, fileSize: 1024 } }).map((c) => c.label),
    ).toEqual(['1 KB', 'MP3', '30s']);
  });
});
