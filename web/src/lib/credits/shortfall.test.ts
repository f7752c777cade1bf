import { describe, expect, it } from 'vitest';
import { shortfallReason } from './shortfall';

describe('shortfallReason', () => {
  it('names the cost and the balance when the balance falls short', () => {
    expect(shortfallReason(5, 3)).toBe('Needs 5 credits — you have 3');
    expect(shortfallReason(1, 0)).toBe('Needs 1 credit — you have 0');
  });

  it('says nothing when the balance covers the cost or is not known yet', () => {
    expect(shortfallReason(5, 5)).toBeNull();
    expect(shortfallReason(1, 40)).toBeNull();
    expect(shortfallReason(5, undefined)).toBeNull();
    expect(shortfallReason(5, null)).toBeNull();
  });
});
