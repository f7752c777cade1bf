import { absoluteUrl, downloadFileName, downloadHref, extensionOf, slugify } from './fileNames';

describe('slugify', () => {
  it('keeps ASCII words joined by dashes', () => {
    expect(slugify('Spring Launch!', 'x')).toBe('spring-launch');
    expect(slugify('  Été — Sale 2025 ', 'x')).toBe('ete-sale-2025');
    expect(slugify('日本', 'campaign')).toBe('campaign');
    expect(slugify(null, 'project')).toBe('project');
  });
  it('cuts long names without a trailing dash', () => {
    const slug = slugify('a'.repeat(39) + ' bcd', 'x');
    expect(slug).toBe('a'.repeat(39));
  });
});

describe('downloadFileName', () => {
  it('is {project}-{scene}-{n}.{ext}', () => {
    expect(downloadFileName('Spring Launch', 'Campaign 1', 2, 'png')).toBe('spring-launch-campaign-1-2.png');
    expect(downloadFileName('', '', 0, '.JPG')).toBe('project-campaign-1.jpg');
  });
  it('picks the extension from the format, MIME type or file name', () => {
    expect(extensionOf({ file_type: 'image', mime_type: 'image/jpeg', filename: 'x', file_metadata: { output_format: 'jpeg' } })).toBe('jpg');
    expect(extensionOf({ file_type: 'video', mime_type: 'video/mp4', filename: '' })).toBe('mp4');
    expect(extensionOf({ file_type: 'audio', mime_type: '', filename: '' })).toBe('mp3');
  });
});

describe('links', () => {
  it('builds the download route and absolute share links', () => {
    expect(downloadHref('abc')).toBe('/api/media/download/abc');
    expect(absoluteUrl('/api/media/shared/t0k', 'https://studio.example')).toBe('https://studio.example/api/media/shared/t0k');
    expect(absoluteUrl('https://cdn.example/x', 'https://studio.example')).toBe('https://cdn.example/x');
  });
});
