export { BrandKitSection } from './components/BrandKitSection';
