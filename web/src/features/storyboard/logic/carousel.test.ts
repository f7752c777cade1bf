import { positionLabel, resolveIndex, shownIndex, stepAssetId } from './carousel';

const media = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('carousel', () => {
  it('shows the active asset, else the newest', () => {
    expect(shownIndex(media, 'b')).toBe(1);
    expect(shownIndex(media, null)).toBe(2);
    expect(shownIndex(media, 'gone')).toBe(2);
    expect(shownIndex([], 'a')).toBe(-1);
  });
  it('steps with wrap-around', () => {
    expect(stepAssetId(media, 0, -1)).toBe('c');
    expect(stepAssetId(media, 2, 1)).toBe('a');
    expect(stepAssetId(media, 1, 1)).toBe('c');
    expect(stepAssetId([{ id: 'a' }], 0, 1)).toBeNull();
  });
  it('labels n/total', () => {
    expect(positionLabel(0, 3)).toBe('1/3');
    expect(positionLabel(2, 3)).toBe('3/3');
    expect(positionLabel(0, 0)).toBe('0/0');
  });
  it('keeps the shown asset after a change, else its place', () => {
    expect(resolveIndex(media, 'c', 0)).toBe(2);
    expect(resolveIndex([{ id: 'a' }, { id: 'c' }], 'b', 1)).toBe(1);
    expect(resolveIndex([{ id: 'a' }, { id: 'b' }], 'c', 2)).toBe(1);
    expect(resolveIndex([], 'a', 0)).toBe(-1);
  });
});
