/** What the customer dashboard places (issue 19): the next appointments, and the services to book. */
export { BookServicesCard } from './components/BookServicesCard';
export { UpcomingAppointmentsCard } from './components/UpcomingAppointmentsCard';
