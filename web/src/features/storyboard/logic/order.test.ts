import { applySceneOrder, moveId, moveIndex, sameOrder, stepId } from './order';

const scenes = [
  { id: 'a', order: 1 },
  { id: 'b', order: 2 },
  { id: 'c', order: 3 },
];

describe('moving', () => {
  it('moves an id to where another is', () => {
    expect(moveId(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(moveId(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b'], 'a', 'zz')).toEqual(['a', 'b']);
  });
  it('clamps indexes', () => {
    expect(moveIndex(['a', 'b', 'c'], 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveIndex([], 0, 1)).toEqual([]);
  });
  it('steps one place, not past either end', () => {
    expect(stepId(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(stepId(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(stepId(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(stepId(['a', 'b', 'c'], 'c', 1)).toBeNull();
  });
});

describe('applySceneOrder', () => {
  it('orders and renumbers from 1', () => {
    expect(applySceneOrder(scenes, ['c', 'a', 'b'])).toEqual([
      { id: 'c', order: 1 },
      { id: 'a', order: 2 },
      { id: 'b', order: 3 },
    ]);
  });
  it('rolls back with the previous ids', () => {
    const moved = applySceneOrder(scenes, ['b', 'c', 'a']);
    expect(applySceneOrder(moved, ['a', 'b', 'c'])).toEqual(scenes);
  });
  it('keeps unlisted scenes after the listed ones and ignores unknown ids', () => {
    const withNew = [...scenes, { id: 'd', order: 4 }];
    expect(applySceneOrder(withNew, ['c', 'zz', 'b', 'a']).map((s) => `${s.id}${s.order}`)).toEqual(['c1', 'b2', 'a3', 'd4']);
  });
  it('keeps untouched objects', () => {
    const same = applySceneOrder(scenes, ['a', 'c', 'b']);
    expect(same[0]).toBe(scenes[0]);
  });
  it('compares orders', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});
