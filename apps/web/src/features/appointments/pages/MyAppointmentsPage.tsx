import { ComingSoon } from '../../../components/ComingSoon';

export default function MyAppointmentsPage() {
  return <ComingSoon title="My Appointments" />;
}
