import { absoluteUrl, downloadHref } from './fileNames';

describe('links', () => {
  it('builds the download route and absolute share links', () => {
    expect(downloadHref('abc')).toBe('/api/media/download/abc');
    expect(absoluteUrl('/api/media/shared/t0k', 'https://studio.example')).toBe('https://studio.example/api/media/shared/t0k');
    expect(absoluteUrl('https://cdn.example/x', 'https://studio.example')).toBe('https://cdn.example/x');
  });
});
