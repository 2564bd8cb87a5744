import { ComingSoon } from '../../../components/ComingSoon';

export default function OnlineAppointmentsPage() {
  return (
    <ComingSoon
      title="Online Customer Appointments"
      back={[
        { label: 'Back to the dashboard', to: '/staff/dashboard' },
        { label: 'Reminders', to: '/staff/reminders' },
      ]}
    />
  );
}
