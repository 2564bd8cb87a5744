import { ComingSoon } from '../../../components/ComingSoon';

export default function DeboardPage() {
  return <ComingSoon title="Deboard Pets" />;
}
