import type { CollectionImporter } from '../types.ts';
import { billsImporter } from './bills.ts';
import { boardingsImporter } from './boardings.ts';
import { ownersImporter } from './owners.ts';
import { petsImporter } from './pets.ts';
import { subscriptionsImporter } from './subscriptions.ts';
import { usersImporter } from './users.ts';
import { visitsImporter } from './visits.ts';

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
  // inventories
  petsImporter,
  // visittypes, prices, subscriptionplans, services
  subscriptionsImporter,
  visitsImporter,
  boardingsImporter,
  // boardingsubscriptions, wallets, appointments
  // prescriptions, usagelogs, stockhistories
  billsImporter,
  // blacklistrequests, scheduledvisits, attendances, visitnotifications, alerts
];
