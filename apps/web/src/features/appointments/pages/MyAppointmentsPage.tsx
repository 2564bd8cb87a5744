import { ComingSoon } from '../../../components/ComingSoon';

export default function MyAppointmentsPage() {
  return (
    <ComingSoon
      title="My Appointments"
      back={[
        { label: 'Back to your dashboard', to: '/customer/dashboard' },
        { label: 'Our Services', to: '/customerservice' },
      ]}
    />
  );
}
