import { aboutLabel, estimateLabel } from './estimates';

describe('aboutLabel', () => {
  it('rounds to whole seconds under a minute, then to minutes', () => {
    expect(aboutLabel(0.2)).toBe('about 1 second');
    expect(aboutLabel(1.6)).toBe('about 2 seconds');
    expect(aboutLabel(59.4)).toBe('about 59 seconds');
    expect(aboutLabel(59.6)).toBe('about 1 minute');
    expect(aboutLabel(100)).toBe('about 2 minutes');
  });
});

describe('estimateLabel', () => {
  const estimates = [
    { kind: 'template', engine: 'studio', seconds: 1.8 },
    { kind: 'template', engine: 'hosted', seconds: 41 },
  ];

  it('uses the history of the same kind and engine', () => {
    expect(estimateLabel(estimates, 'template', 'studio', '1-2 minutes')).toBe('about 2 seconds');
    expect(estimateLabel(estimates, 'template', 'hosted', '1-2 minutes')).toBe('about 41 seconds');
  });

  it('keeps the fixed wording without history', () => {
    expect(estimateLabel(estimates, 'recommendation', 'studio', '2-3 minutes')).toBe('2-3 minutes');
    expect(estimateLabel(undefined, 'template', 'studio', '1-2 minutes')).toBe('1-2 minutes');
  });
});
