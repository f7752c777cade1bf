export { ChatTab, type ChatTabProps } from './components/ChatTab';
