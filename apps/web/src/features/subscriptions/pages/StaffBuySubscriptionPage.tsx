import { ComingSoon } from '../../../components/ComingSoon';

export default function StaffBuySubscriptionPage() {
  return <ComingSoon title="Buy Subscription" />;
}
