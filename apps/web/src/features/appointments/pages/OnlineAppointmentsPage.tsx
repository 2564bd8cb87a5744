import { ComingSoon } from '../../../components/ComingSoon';

export default function OnlineAppointmentsPage() {
  return <ComingSoon title="Online Customer Appointments" />;
}
