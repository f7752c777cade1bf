import type { MediaKind } from './messages';

/** Every message the chat shows, worded exactly as sellers know them. */
export const CHAT_TEXT = {
  sendFailed: 'Failed to send message. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  loadFailed: (reason: string) => `Failed to load messages: ${reason}`,
  replyTimedOut: (attempts: number) => `Message processing timed out after ${attempts} attempts`,
  replyFailed: 'The assistant could not answer this message.',

  regenerateNoMedia: 'Cannot regenerate: no existing media found',
  regenerateNoPromptData: 'Cannot regenerate: prompt data not found',
  regenerateNoPrompt: (type: 'image' | 'video') => `Cannot regenerate: no ${type} prompt found`,

  editMissingData: 'Cannot edit this message - missing prompt data',
  editNoPrompt: 'Cannot edit - no prompt data found',
  editUnable: 'Unable to edit prompt - please try again',
  editFailed: 'Failed to generate content with edited prompt',
  emptyPrompt: 'Please enter a prompt before generating.',

  generateFailed: (kind: MediaKind, reason: string) => `Failed to generate ${kind}: ${reason}`,
  insufficientCredits: 'Insufficient credits',
  upgradeRequired: 'Upgrade required for video generation',
  videoFailed: 'Video generation failed. This could be due to server load, content policy, or an invalid prompt.',
  retry: (attempt: number, max: number) => `Retry (${attempt}/${max})`,
  maxRetries: 'Maximum retries reached. Try a different prompt.',

  animateNoMessage: "Couldn't animate this image - message not found",
  animateNoImage: 'No image found in this message',
  animateNoAssetId: 'Could not identify the asset ID. Only images can be animated.',
  animateFailed: 'Failed to process animation request. Please try again.',
  animateDefaultPrompt: 'Animate this product shot',

  musicDefaultPrompt: 'Upbeat music for a product campaign',

  feedbackReasonRequired: 'Please select a feedback option',
  feedbackFailed: 'Failed to send feedback. Please try again.',
  copyFailed: 'Could not copy the prompt',
  settingsSaveFailed: 'Failed to save generation settings',

  noProductPhoto: 'No product photo in this campaign — add one, or the image will use a stand-in product',
  selectScene: 'Select a campaign to start chatting',
} as const;
