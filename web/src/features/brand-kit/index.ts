export { BrandKitSection } from './components/BrandKitSection';
export { useBrandKit } from './api/brandKit';
