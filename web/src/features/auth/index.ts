export { AuthGate } from './components/AuthGate';
export { useMe } from './api/me';
export { useSignout } from './api/signout';
