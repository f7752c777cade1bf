export { ExportButton, type ExportButtonLook, type ExportButtonProps } from './ExportButton';
export type { ExportAsset } from './ExportSheet';
export { exportable } from './exportable';
