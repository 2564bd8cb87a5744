import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { PaymentProvider } from '../provider.ts';
import { OfflineProvider, offlineSecrets } from './offline.ts';
import { RazorpayProvider } from './razorpay.ts';

export { OfflineProvider } from './offline.ts';
export { RazorpayProvider } from './razorpay.ts';

/** Razorpay when its three keys are configured, else the offline provider (same interface, kept in the database). */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.razorpay) return new RazorpayProvider(config.razorpay);
  return new OfflineProvider(db, offlineSecrets(config.jwtSecret), config.publicUrl ?? `http://localhost:${config.port}`);
}
