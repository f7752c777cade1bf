export { Storyboard, type StoryboardProps } from './components/Storyboard';
