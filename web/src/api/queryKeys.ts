/** Query keys shared across features, so one feature can refresh another's data without importing it. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  projects: ['projects'] as const,
  scenes: (projectId: string) => ['projects', projectId, 'scenes'] as const,
  storyboard: (projectId: string) => ['projects', projectId, 'storyboard'] as const,
  brandKit: (projectId: string) => ['projects', projectId, 'brand-kit'] as const,
  adProposal: (assetId: string) => ['media', assetId, 'ad-proposal'] as const,
  credits: ['credits', 'balance'] as const,
  /** Every page of the credit ledger (prefix, for invalidation). */
  creditTransactionsAll: ['credits', 'transactions'] as const,
  creditTransactions: (page: number, perPage: number) => ['credits', 'transactions', page, perPage] as const,
  plans: ['commerce', 'plans'] as const,
  subscription: ['commerce', 'subscription'] as const,
  accountSessions: ['account', 'sessions'] as const,
  featureFlag: (flag: string) => ['feature-flags', flag] as const,
  /** Every reference-image query (prefix). */
  referenceImages: ['reference-images'] as const,
  /** Prefix of the per-scene product-image lists (cache eviction looks them up by it). */
  sceneReferenceImagesAll: ['reference-images', 'scene'] as const,
  sceneReferenceImages: (sceneId: string) => ['reference-images', 'scene', sceneId] as const,
  projectReferenceImages: (projectId: string) => ['reference-images', 'project', projectId] as const,
  referenceImage: (id: string) => ['reference-images', 'image', id] as const,
  referenceImageCutout: (id: string) => ['reference-images', 'cutout', id] as const,
  /** Every chat history query (prefix). */
  chatHistoryAll: ['chat', 'history'] as const,
  chatHistory: (projectId: string, sceneId: string) => ['chat', 'history', projectId, sceneId] as const,
  stylePresets: ['style-presets'] as const,
  templates: (templateType: string, aspectRatio: string) => ['templates', templateType, aspectRatio] as const,
  providers: ['health', 'providers'] as const,
  jobEstimates: ['jobs', 'estimates'] as const,
  shareLinks: ['share-links'] as const,
};

/** Whether a query key is some project's storyboard (`queryKeys.storyboard(id)`). */
export function isStoryboardKey(key: readonly unknown[]): boolean {
  return key.length === 3 && key[0] === 'projects' && key[2] === 'storyboard';
}
