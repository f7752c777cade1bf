export { GeneratePanel, type GeneratePanelProps } from './components/GeneratePanel';
export { default } from './components/GeneratePanel';
