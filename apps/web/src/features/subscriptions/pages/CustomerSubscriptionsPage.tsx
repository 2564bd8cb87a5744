import { ComingSoon } from '../../../components/ComingSoon';

export default function CustomerSubscriptionsPage() {
  return <ComingSoon title="My Subscriptions" />;
}
