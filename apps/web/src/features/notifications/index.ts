export { CustomerInboxCard } from './components/CustomerInboxCard';
