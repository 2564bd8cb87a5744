import { ComingSoon } from '../../../components/ComingSoon';

export default function CustomerBuySubscriptionPage() {
  return <ComingSoon title="Buy Subscription" />;
}
