import { ComingSoon } from '../../../components/ComingSoon';

export default function BookAppointmentPage() {
  return <ComingSoon title="Book Appointment" />;
}
