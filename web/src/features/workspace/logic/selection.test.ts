import { chooseProjectId, chooseSceneId, projectPath, resolveProjectId } from './selection';

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

describe('resolveProjectId', () => {
  const projects = [{ id: 'c' }, { id: 'b' }, { id: 'a' }];
  it('prefers the project in the address', () => {
    expect(resolveProjectId(projects, { routeId: 'a', explicitId: 'b', rememberedId: 'c' })).toBe('a');
  });
  it('falls back to the choice made here, then the remembered one, then the first', () => {
    expect(resolveProjectId(projects, { routeId: 'unknown', explicitId: 'b', rememberedId: 'a' })).toBe('b');
    expect(resolveProjectId(projects, { routeId: 'unknown', explicitId: null, rememberedId: 'a' })).toBe('a');
    expect(resolveProjectId(projects, { routeId: undefined, explicitId: 'gone', rememberedId: 'gone' })).toBe('c');
  });
  it('is null with no projects', () => {
    expect(resolveProjectId([], { routeId: 'a' })).toBeNull();
  });
});

describe('projectPath', () => {
  it('puts the project in the address', () => {
    expect(projectPath('p-1')).toBe('/create/p-1');
    expect(projectPath('a/b')).toBe('/create/a%2Fb');
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
