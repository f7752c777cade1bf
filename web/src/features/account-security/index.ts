export { SecurityPanel } from './components/SecurityPanel';
