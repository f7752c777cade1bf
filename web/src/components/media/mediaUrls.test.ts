import { downloadUrlOf, posterUrlOf } from './mediaUrls';

const uuid = '3f1c1d2e-0000-4000-8000-000000000001';

describe('posterUrlOf', () => {
  it('prefers the thumbnail', () => {
    expect(posterUrlOf({ id: uuid, url: `/api/media/file/${uuid}`, thumbnailUrl: '/t.jpg' })).toBe('/t.jpg');
  });
  it('asks the server for the first frame of an asset', () => {
    expect(posterUrlOf({ id: null, url: `/api/media/file/${uuid}` })).toBe(`/api/media/file/${uuid}?variant=poster`);
  });
  it('has none for a foreign video', () => {
    expect(posterUrlOf({ id: 'local-1', url: 'blob:x' })).toBeUndefined();
  });
});

describe('downloadUrlOf', () => {
  it('downloads server assets by id', () => {
    expect(downloadUrlOf({ id: uuid, url: '/x' })).toBe(`/api/media/download/${uuid}`);
    expect(downloadUrlOf({ id: null, url: `/api/media/file/${uuid}?variant=thumbnail` })).toBe(`/api/media/download/${uuid}`);
    expect(downloadUrlOf({ id: 'temp', url: 'blob:x' })).toBeNull();
  });
});
