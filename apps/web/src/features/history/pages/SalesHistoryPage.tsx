import { ComingSoon } from '../../../components/ComingSoon';

export default function SalesHistoryPage() {
  return <ComingSoon title="Visit History" />;
}
