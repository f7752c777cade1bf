import { isActive, PROGRESS, statusLabel, uploadPercent } from './progress';

describe('upload progress', () => {
  it('maps sent bytes onto 10–90 %', () => {
    expect(uploadPercent(0, 100)).toBe(10);
    expect(uploadPercent(50, 100)).toBe(50);
    expect(uploadPercent(25, 100)).toBe(30);
    expect(uploadPercent(100, 100)).toBe(90);
    expect(uploadPercent(1, 3)).toBe(37);
  });

  it('clamps and tolerates unknown totals', () => {
    expect(uploadPercent(200, 100)).toBe(90);
    expect(uploadPercent(10, 0)).toBe(10);
    expect(uploadPercent(-5, 100)).toBe(10);
    expect(uploadPercent(Number.NaN, 100)).toBe(10);
  });

  it('has the upload steps in order', () => {
    expect(PROGRESS).toEqual({ validating: 0, uploadStart: 10, uploadEnd: 90, syncing: 90, completed: 100 });
  });

  it('knows which uploads hold a slot', () => {
    expect(isActive('validating')).toBe(true);
    expect(isActive('uploading')).toBe(true);
    expect(isActive('syncing')).toBe(true);
    expect(isActive('completed')).toBe(false);
    expect(isActive('failed')).toBe(false);
  });

  it('labels each step', () => {
    expect(statusLabel('uploading', 42)).toBe('42%');
    expect(statusLabel('syncing', 90)).toBe('Saving…');
    expect(statusLabel('failed', 10)).toBe('Failed');
  });
});
