import { counterLabel, nextIndex, previousIndex, swipeDirection, wrapIndex } from './viewerIndex';

describe('viewer index', () => {
  it('cycles forward and wraps from the last to the first', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
  });
  it('cycles back and wraps from the first to the last', () => {
    expect(previousIndex(1, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
  });
  it('stays put with one item, and is 0 with none', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
  it('brings any index into range', () => {
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(Number.NaN, 3)).toBe(0);
  });
  it('counts from 1', () => {
    expect(counterLabel(0, 4)).toBe('1 / 4');
    expect(counterLabel(3, 4)).toBe('4 / 4');
    expect(counterLabel(0, 0)).toBe('0 / 0');
  });
});

describe('swipeDirection', () => {
  it('goes next on a swipe to the left, previous on a swipe to the right', () => {
    expect(swipeDirection(-80, 5)).toBe('next');
    expect(swipeDirection(80, -5)).toBe('previous');
  });
  it('ignores short or mostly vertical moves', () => {
    expect(swipeDirection(-30, 0)).toBeNull();
    expect(swipeDirection(-80, 70)).toBeNull();
  });
});
