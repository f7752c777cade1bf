export { AdDesignForm } from './components/AdDesignForm';
export { DesignCopyEditor } from './components/DesignCopyEditor';
