import { absoluteUrl } from './fileNames';

describe('links', () => {
  it('builds absolute share links', () => {
    expect(absoluteUrl('/api/media/shared/t0k', 'https://studio.example')).toBe('https://studio.example/api/media/shared/t0k');
    expect(absoluteUrl('https://cdn.example/x', 'https://studio.example')).toBe('https://cdn.example/x');
  });
});
