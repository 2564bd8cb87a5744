import { ComingSoon } from '../../../components/ComingSoon';

export default function NewVisitPage() {
  return <ComingSoon title="New Visit" />;
}
