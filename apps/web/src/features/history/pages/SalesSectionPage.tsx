import { ComingSoon } from '../../../components/ComingSoon';

export default function SalesSectionPage() {
  return <ComingSoon title="Sales" />;
}
