/** Query keys shared across features, so one feature can refresh another's data without importing it. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  projects: ['projects'] as const,
  scenes: (projectId: string) => ['projects', projectId, 'scenes'] as const,
  storyboard: (projectId: string) => ['projects', projectId, 'storyboard'] as const,
  credits: ['credits', 'balance'] as const,
  featureFlag: (flag: string) => ['feature-flags', flag] as const,
};
