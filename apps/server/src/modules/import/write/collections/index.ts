import type { CollectionImporter } from '../types.ts';
import { appointmentsImporter } from './appointments.ts';
import { billsImporter } from './bills.ts';
import { blacklistRequestsImporter } from './blacklistrequests.ts';
import { boardingsImporter } from './boardings.ts';
import { boardingSubscriptionsImporter } from './boardingsubscriptions.ts';
import { attendancesImporter, scheduledVisitsImporter } from './followups.ts';
import { inventoriesImporter } from './inventories.ts';
import { alertsImporter, visitNotificationsImporter } from './notices.ts';
import { ownersImporter } from './owners.ts';
import { petsImporter } from './pets.ts';
import { prescriptionsImporter } from './prescriptions.ts';
import { servicesImporter } from './services.ts';
import { stockHistoriesImporter } from './stockhistories.ts';
import { subscriptionPlansImporter } from './subscriptionplans.ts';
import { subscriptionsImporter } from './subscriptions.ts';
import { usageLogsImporter } from './usagelogs.ts';
import { usersImporter } from './users.ts';
import { visitsImporter } from './visits.ts';
import { pricesImporter, visitTypesImporter } from './visittypes.ts';
import { walletsImporter } from './wallets.ts';

/**
 * The collections the importer takes in, in the order it takes them: each after every collection it refers to
 * (inventories before pets, whose vaccinations are checked against medicine names; visit types before visits;
 * subscriptions before visits and boardings, which name the subscription they sold or used…).
 * Collections of the original not listed here are read and reported, not imported (sales, vaccinationprotocols:
 * no running code used them).
 */
export const IMPORTERS: readonly CollectionImporter[] = [
  usersImporter,
  ownersImporter,
  inventoriesImporter,
  petsImporter,
  visitTypesImporter,
  pricesImporter,
  subscriptionPlansImporter,
  servicesImporter,
  subscriptionsImporter,
  visitsImporter,
  boardingsImporter,
  boardingSubscriptionsImporter,
  walletsImporter,
  appointmentsImporter,
  prescriptionsImporter,
  usageLogsImporter,
  stockHistoriesImporter,
  billsImporter,
  blacklistRequestsImporter,
  scheduledVisitsImporter,
  attendancesImporter,
  visitNotificationsImporter,
  alertsImporter,
];
