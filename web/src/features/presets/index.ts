export { PresetPicker, type PresetPickerProps } from './components/PresetPicker';
export { PresetSelect } from './components/PresetSelect';
export { SavePresetButton, type SavePresetButtonProps } from './components/SavePresetDialog';
