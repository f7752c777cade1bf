export { AdDesignForm } from './components/AdDesignForm';
export { AdStep } from './components/AdStep';
export { DesignCopyEditor } from './components/DesignCopyEditor';
