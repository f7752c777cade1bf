import { canSubmitSceneName, defaultSceneName, defaultProjectName, INITIAL_SCENE_NAME, sceneLabel, validateProjectName } from './names';

describe('project name validation', () => {
  it('rejects empty and whitespace-only names', () => {
    expect(validateProjectName('')).toBe('Project name cannot be empty');
    expect(validateProjectName('   \t')).toBe('Project name cannot be empty');
  });
  it('accepts any non-blank name', () => {
    expect(validateProjectName(' Spring launch ')).toBeNull();
  });
});

describe('campaign name', () => {
  it('can be submitted only when the trimmed name is not blank', () => {
    expect(canSubmitSceneName('')).toBe(false);
    expect(canSubmitSceneName('   ')).toBe(false);
    expect(canSubmitSceneName(' Hero shots ')).toBe(true);
  });
});

describe('default names', () => {
  it('numbers projects and campaigns after the existing count', () => {
    expect(defaultProjectName(0)).toBe('New Project 1');
    expect(defaultProjectName(3)).toBe('New Project 4');
    expect(defaultSceneName(0)).toBe('Campaign 1');
    expect(defaultSceneName(1)).toBe('Campaign 2');
    expect(INITIAL_SCENE_NAME).toBe('Campaign 1');
  });
  it('never goes below 1', () => {
    expect(defaultProjectName(-2)).toBe('New Project 1');
  });
});

describe('scene label', () => {
  it('falls back to Untitled Campaign', () => {
    expect(sceneLabel('')).toBe('Untitled Campaign');
    expect(sceneLabel(null)).toBe('Untitled Campaign');
    expect(sceneLabel(' Summer ')).toBe('Summer');
  });
});
