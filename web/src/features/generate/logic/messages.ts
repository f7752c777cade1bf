/** The panel's user-visible texts, exactly as the product words them. */
export const GENERATE_MESSAGES = {
  selectScene: 'Please select a campaign first',
  uploadImage: 'Please upload at least one image',
  selectTemplate: 'Please select a template',
  noReferenceUrl: 'No reference image URL available. Please try uploading images again.',
  loadTemplates: 'Failed to load templates',
  insufficientCredits: 'Insufficient credits. Please add more credits to continue.',
  authRequired: 'Authentication required. Please log in.',
  templateGone: 'Selected template is no longer available. Please choose another template.',
  serviceError: 'Generation service error. Please try again.',
  timedOut: 'Generation timed out or failed. Please try again.',
  failed: 'Failed to generate content. Please try again.',
  /** Raised when a start answer carries no job id; mapped to `serviceError`. */
  noJobId: 'No job ID returned',
  /** Raised when a job ends without an image; mapped to `timedOut`. */
  noResult: 'No result returned',
  stillGenerating: 'Still generating…',
  checkingImages: 'Checking product images…',
  busyElsewhere: 'A generation is already running in another campaign.',
  completed: 'Your image is ready',
  setCompleted: (count: number) => `Your ${count} variations are ready: choose one for the cover`,
} as const;

/** What one generation costs in credits, and as shown beside the button. */
export const GENERATION_COST = 1;
export const COST_LABEL = '1 credit';
