import type { ComponentType } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { AppLayout } from '../components/layout/AppLayout';
import HomePage from '../features/site/pages/HomePage';
import { lazyRetry } from '../lib/lazy';
import { AuthGuard, LoginGuard } from './guards';
import { NotFoundPage } from './NotFoundPage';

/** Each page is its own chunk, so the public home page stays light; a chunk that failed to load is fetched again on Try again. */
const page = (load: () => Promise<{ default: ComponentType }>) => lazyRetry(load);

const P = {
  login: page(() => import('../features/auth/pages/LoginPage')),
  signup: page(() => import('../features/auth/pages/SignupPage')),
  forgotPassword: page(() => import('../features/auth/pages/ForgotPasswordPage')),
  resetPassword: page(() => import('../features/auth/pages/ResetPasswordPage')),
  staffAccount: page(() => import('../features/auth/pages/StaffAccountPage')),
  aboutus: page(() => import('../features/site/pages/AboutUsPage')),
  contactus: page(() => import('../features/site/pages/ContactUsPage')),
  privacy: page(() => import('../features/site/pages/PrivacyPolicyPage')),
  refund: page(() => import('../features/site/pages/RefundPolicyPage')),
  terms: page(() => import('../features/site/pages/TermsPage')),
  shipping: page(() => import('../features/site/pages/ShippingPolicyPage')),
  customerService: page(() => import('../features/site/pages/CustomerServicePage')),
  customerPetForm: page(() => import('../features/pets/pages/CustomerPetFormPage')),
  // staff
  history: page(() => import('./pages/PetRecordsRoute')),
  staffDashboard: page(() => import('../features/dashboard/pages/StaffDashboardPage')),
  addPet: page(() => import('../features/pets/pages/AddPetPage')),
  addInventory: page(() => import('../features/inventory/pages/AddInventoryPage')),
  inventoryList: page(() => import('../features/inventory/pages/InventoryListPage')),
  editInventory: page(() => import('../features/inventory/pages/EditInventoryPage')),
  alertList: page(() => import('../features/inventory/pages/AlertListPage')),
  breeds: page(() => import('../features/pets/pages/BreedManagementPage')),
  salesSection: page(() => import('../features/history/pages/SalesSectionPage')),
  salesHistory: page(() => import('../features/history/pages/SalesHistoryPage')),
  reminders: page(() => import('../features/reminders/pages/RemindersPage')),
  attendance: page(() => import('../features/attendance/pages/AttendancePage')),
  petByDate: page(() => import('../features/pets/pages/PetsByDatePage')),
  newVisit: page(() => import('../features/visits/pages/NewVisitPage')),
  staffBuySubscription: page(() => import('../features/subscriptions/pages/StaffBuySubscriptionPage')),
  deboard: page(() => import('../features/boarding/pages/DeboardPage')),
  care: page(() => import('../features/care/pages/CareBoardPage')),
  occupancy: page(() => import('../features/occupancy/pages/OccupancyPage')),
  reservations: page(() => import('../features/reservations/pages/ReservationsPage')),
  prescription: page(() => import('../features/prescriptions/pages/PrescriptionPage')),
  onlineAppointments: page(() => import('../features/appointments/pages/OnlineAppointmentsPage')),
  prices: page(() => import('../features/prices/pages/PricesPage')),
  users: page(() => import('../features/users/pages/UsersPage')),
  takings: page(() => import('../features/takings/pages/TakingsPage')),
  staffDocument: page(() => import('../features/documents/pages/DocumentPage')),
  doNotServe: page(() => import('../features/donotserve/pages/DoNotServePage')),
  runCard: page(() => import('../features/care/pages/RunCardPage')),
  runCards: page(() => import('../features/care/pages/RunCardsPage')),
  reportCards: page(() => import('../features/report-cards/pages/StaffReportCardsPage')),
  importOriginal: page(() => import('../features/import/pages/ImportPage')),
  // customer
  customerDashboard: page(() => import('./pages/CustomerDashboardRoute')),
  customerProfile: page(() => import('../features/customer/pages/ProfilePage')),
  bookAppointment: page(() => import('../features/appointments/pages/BookAppointmentPage')),
  myAppointments: page(() => import('../features/appointments/pages/MyAppointmentsPage')),
  customerBuySubscription: page(() => import('../features/subscriptions/pages/CustomerBuySubscriptionPage')),
  customerSubscriptions: page(() => import('../features/subscriptions/pages/CustomerSubscriptionsPage')),
  choosePet: page(() => import('../features/visits/pages/ChoosePetPage')),
  petVisits: page(() => import('../features/visits/pages/PetVisitsPage')),
  myDocuments: page(() => import('../features/documents/pages/MyDocumentsPage')),
  customerDocument: page(() => import('../features/documents/pages/CustomerDocumentPage')),
  customerNotifications: page(() => import('../features/notifications/pages/CustomerNotificationsPage')),
  customerReportCards: page(() => import('../features/report-cards/pages/CustomerReportCardsPage')),
};

const guarded = (path: string, Component: ComponentType): RouteObject => ({
  path,
  element: (
    <AuthGuard>
      <Component />
    </AuthGuard>
  ),
});

/** The route table of spec 000 §2. Pages that take a pet or item id read it from navigation state. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/login',
        element: (
          <LoginGuard>
            <P.login />
          </LoginGuard>
        ),
      },
      {
        path: '/signup',
        element: (
          <LoginGuard>
            <P.signup />
          </LoginGuard>
        ),
      },
      // Not behind LoginGuard: a signed-in user may reset a forgotten password too (the reset signs them out).
      { path: '/forgot-password', element: <P.forgotPassword /> },
      { path: '/reset-password', element: <P.resetPassword /> },
      { path: '/aboutus', element: <P.aboutus /> },
      { path: '/contactus', element: <P.contactus /> },
      { path: '/privacypolicy', element: <P.privacy /> },
      { path: '/refundpolicy', element: <P.refund /> },
      { path: '/termsandcondition', element: <P.terms /> },
      { path: '/shippingpolicy', element: <P.shipping /> },
      { path: '/customerpetform', element: <P.customerPetForm /> },
      { path: '/customerservice', element: <P.customerService /> },

      guarded('/staff/history', P.history),
      guarded('/staff/dashboard', P.staffDashboard),
      guarded('/staff/pet', P.addPet),
      guarded('/staff/inventory', P.addInventory),
      guarded('/staff/inventoryList', P.inventoryList),
      guarded('/staff/editinventory', P.editInventory),
      guarded('/staff/alertlist', P.alertList),
      guarded('/staff/BreedManagement', P.breeds),
      guarded('/staff/salesSection', P.salesSection),
      guarded('/staff/saleshistory', P.salesHistory),
      guarded('/staff/reminders', P.reminders),
      guarded('/staff/attendance', P.attendance),
      guarded('/staff/petByDate', P.petByDate),
      guarded('/staff/nvisit', P.newVisit),
      guarded('/staff/nvisit2', P.newVisit),
      guarded('/staff/buysubscription', P.staffBuySubscription),
      guarded('/staff/deboard', P.deboard),
      guarded('/staff/care', P.care),
      guarded('/staff/occupancy', P.occupancy),
      guarded('/staff/reservations', P.reservations),
      guarded('/staff/prescription', P.prescription),
      guarded('/staff/onlinecustomerappointment', P.onlineAppointments),
      guarded('/staff/prices', P.prices),
      guarded('/staff/users', P.users),
      guarded('/staff/account', P.staffAccount),
      guarded('/staff/takings', P.takings),
      guarded('/staff/documents/:id', P.staffDocument),
      guarded('/staff/donotserve', P.doNotServe),
      guarded('/staff/care/runcard/:boardingId', P.runCard),
      guarded('/staff/care/runcards', P.runCards),
      guarded('/staff/reportcards', P.reportCards),
      guarded('/staff/reportcards/:boardingId', P.reportCards),
      guarded('/staff/import', P.importOriginal),

      guarded('/customer/dashboard', P.customerDashboard),
      guarded('/customer/profile', P.customerProfile),
      guarded('/customer/bookservice', P.bookAppointment),
      guarded('/customer/bookappointment', P.bookAppointment),
      guarded('/customer/seeappointment', P.myAppointments),
      guarded('/customer/buysubscription', P.customerBuySubscription),
      guarded('/customer/petform', P.customerPetForm),
      guarded('/customer/subscription', P.customerSubscriptions),
      guarded('/customer/viewvisit', P.choosePet),
      guarded('/customer/viewpetvisit/:petId', P.petVisits),
      guarded('/customer/documents', P.myDocuments),
      guarded('/customer/documents/:id', P.customerDocument),
      guarded('/customer/notifications', P.customerNotifications),
      guarded('/customer/reportcards', P.customerReportCards),

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Declarative routing (no data router): smaller first bundle; errors are caught in AppLayout. */
export function AppRoutes() {
  return useRoutes(routes);
}
