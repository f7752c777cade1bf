import { describe, expect, it } from 'vitest';
import { chosenEngine, estimateEngine, sceneByLine } from './imageEngine';

describe('the image engine', () => {
  it('is asked for only when there is a choice, the remembered one if offered, else the default', () => {
    expect(chosenEngine([], null)).toBeUndefined();
    expect(chosenEngine(['studio'], 'hosted')).toBeUndefined();
    expect(chosenEngine(['hosted_exact', 'hosted', 'studio'], null)).toBe('hosted_exact');
    expect(chosenEngine(['hosted_exact', 'hosted', 'studio'], 'hosted')).toBe('hosted');
    expect(estimateEngine('hosted_exact')).toBe('hosted');
    expect(estimateEngine(undefined)).toBe('studio');
  });

  it('names who painted the scene and what became of the product', () => {
    expect(sceneByLine({ scene_by: 'gpt-image-1', product_exact: true })).toBe('Scene by gpt-image-1 · product exact');
    expect(sceneByLine({ scene_by: 'gpt-image-1', product_exact: false })).toBe('Scene by gpt-image-1 · product redrawn by the AI');
    expect(sceneByLine({ scene_by: 'studio engine', product_exact: false, stand_in_product: 'No product photo…' })).toBe(
      'Scene by studio engine · stand-in product',
    );
    expect(sceneByLine({})).toBeNull();
  });
});
