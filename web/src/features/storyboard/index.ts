export { useSceneHasMedia } from './api/storyboard';
export { Storyboard, type StoryboardProps } from './components/Storyboard';
export { ShareLinksPanel } from './components/ShareLinksPanel';
