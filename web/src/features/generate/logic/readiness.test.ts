import { blockerMessage, generateBlocker, type ReadinessInput } from './readiness';

const image = { id: 'img-1', url: '/api/media/file/11111111-1111-4111-8111-111111111111' };
const ready: ReadinessInput = { mode: 'templates', projectId: 'p1', sceneId: 's1', referenceImages: [image], templateSelected: true, running: 'none' };

describe('generateBlocker', () => {
  it('lets Generate run with a scene, an image and a template', () => {
    expect(generateBlocker(ready)).toBeNull();
    expect(blockerMessage(generateBlocker(ready))).toBeNull();
  });

  it('needs a scene first', () => {
    expect(generateBlocker({ ...ready, sceneId: null })).toBe('no-scene');
    expect(generateBlocker({ ...ready, projectId: null })).toBe('no-scene');
    expect(blockerMessage('no-scene')).toBe('Please select a campaign first');
  });

  it('needs at least one image (and waits while the images load)', () => {
    expect(generateBlocker({ ...ready, referenceImages: [] })).toBe('no-images');
    expect(blockerMessage('no-images')).toBe('Please upload at least one image');
    expect(generateBlocker({ ...ready, referenceImages: undefined })).toBe('loading-images');
  });

  it('needs a template in templates mode only', () => {
    expect(generateBlocker({ ...ready, templateSelected: false })).toBe('no-template');
    expect(blockerMessage('no-template')).toBe('Please select a template');
    expect(generateBlocker({ ...ready, mode: 'recommendations', templateSelected: false })).toBeNull();
  });

  it('needs an image URL in AI Assistant mode', () => {
    expect(generateBlocker({ ...ready, mode: 'recommendations', referenceImages: [{ url: '  ' }] })).toBe('no-image-url');
    expect(blockerMessage('no-image-url')).toBe('No reference image URL available. Please try uploading images again.');
  });

  it('is unavailable while a generation runs, without a reason here and with one for another campaign', () => {
    expect(generateBlocker({ ...ready, running: 'this-scene' })).toBe('busy');
    expect(blockerMessage('busy')).toBeNull();
    expect(generateBlocker({ ...ready, running: 'other-scene' })).toBe('busy-elsewhere');
    expect(blockerMessage('busy-elsewhere')).toBe('A generation is already running in another campaign.');
  });

  it('reports the first missing thing in order: scene, images, template', () => {
    expect(generateBlocker({ ...ready, sceneId: null, referenceImages: [], templateSelected: false })).toBe('no-scene');
    expect(generateBlocker({ ...ready, referenceImages: [], templateSelected: false })).toBe('no-images');
  });
});
