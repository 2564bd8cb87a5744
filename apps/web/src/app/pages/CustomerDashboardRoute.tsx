import { BookServicesCard, UpcomingAppointmentsCard } from '../../features/appointments';
import CustomerDashboardPage from '../../features/customer/pages/CustomerDashboardPage';
import { PetCareCard } from '../../features/care';
import { CustomerInboxCard } from '../../features/notifications';

/**
 * /customer/dashboard as routed: the customer feature's page with the cards other features build (a feature does not
 * import another, so the composition happens here, in the app shell).
 */
export default function CustomerDashboardRoute() {
  return (
    <CustomerDashboardPage
      bookServices={<BookServicesCard />}
      upcoming={<UpcomingAppointmentsCard />}
      inbox={<CustomerInboxCard />}
      petCare={(petId) => <PetCareCard petId={petId} editable={false} />}
    />
  );
}
