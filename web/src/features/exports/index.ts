export { ExportButton, type ExportButtonLook, type ExportButtonProps } from './components/ExportButton';
