import { chooseProjectId, chooseSceneId } from './selection';

describe('chooseProjectId', () => {
  const projects = [{ id: 'b' }, { id: 'a' }];
  it('restores the remembered project when it still exists', () => {
    expect(chooseProjectId(projects, 'a')).toBe('a');
  });
  it('else picks the first', () => {
    expect(chooseProjectId(projects, 'gone')).toBe('b');
    expect(chooseProjectId(projects, null)).toBe('b');
  });
  it('is null with no projects', () => {
    expect(chooseProjectId([], 'a')).toBeNull();
  });
});

describe('chooseSceneId', () => {
  const scenes = [
    { id: 's2', order: 2 },
    { id: 's0', order: 0 },
    { id: 's1', order: 1 },
  ];
  it('restores the remembered scene when it exists', () => {
    expect(chooseSceneId(scenes, 's1')).toBe('s1');
  });
  it('else the lowest order', () => {
    expect(chooseSceneId(scenes, 'missing')).toBe('s0');
    expect(chooseSceneId(scenes, null)).toBe('s0');
  });
  it('else the first', () => {
    const unordered = [
      { id: 'x', order: Number.NaN },
      { id: 'y', order: Number.NaN },
    ];
    expect(chooseSceneId(unordered, null)).toBe('x');
  });
  it('is null with no scenes', () => {
    expect(chooseSceneId([], null)).toBeNull();
  });
});
