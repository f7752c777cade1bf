/** What the workspace tells the user about projects and campaigns. */
export const messages = {
  projectCreated: 'Project created successfully',
  projectCreateFailed: 'Failed to create project',
  initialSceneFailed: 'Failed to create the first campaign. Please try adding a campaign manually.',
  projectRenamed: 'Project renamed successfully',
  projectRenameServerFailed: 'Failed to rename project on server, but local changes were applied',
  sceneUpdateFailed: 'Failed to update campaign',
  sceneNotFound: 'Campaign not found',
  sceneCreated: 'Campaign created successfully',
  sceneCreatedWithPreset: 'Campaign created with the preset applied',
  presetFailed: 'Failed to apply preset',
  sceneCreateFailed: 'Failed to create campaign',
  noSelection: 'No campaign or project selected',
} as const;
