import { strykerConfig } from './base.mjs';

// The ledger: the payments module owns it (apps/server/src/modules/payments; docs/decisions.md): payments, their
// settlement by providers, refunds, unapplied money, the idempotency of money writes, checkout orders, links.
const dir = 'apps/server/src/modules/payments';
const f = (...names) => names.map((n) => `${dir}/${n}.ts`);
const t = (...names) => names.map((n) => (n.includes('/') ? `apps/server/src/modules/${n}.test.ts` : `${dir}/${n}.test.ts`));
export const groups = {
  core: {
    mutate: f(
      'payments.service',
      'sale-money',
      'stay-bill-due',
      'money.service',
      'subjects',
      'ledger-writes',
      'receipt-series.service',
    ),
    testFiles: t('card', 'concurrency', 'ledger-races', 'refunds', 'visits/ledger-reconciliation', 'sales/statement'),
  },
  settle: {
    mutate: f('settle', 'hold-unapplied', 'captured-payment.service', 'webhook.service'),
    testFiles: t('razorpay', 'card', 'ledger-races', 'links'),
  },
  refunds: { mutate: f('refunds.service', 'refunds.repo'), testFiles: t('refunds', 'refunds-concurrency', 'refunds-razorpay') },
  idempotency: {
    mutate: f('idempotency.service', 'idempotency.repo', 'idempotency.plugin', 'idempotency-scope.service'),
    testFiles: t('idempotency', 'idempotency-concurrency', 'idempotency-lost-answer'),
  },
  checkout: {
    mutate: f('checkout-orders.service', 'checkout-fulfilment', 'checkout-orders.repo', 'card.service'),
    testFiles: t('checkout-orders', 'checkout-orders-concurrency', 'card'),
  },
  links: { mutate: f('payment-links.service', 'offline-page', 'offline.routes'), testFiles: t('links', 'offline-link') },
  repos: {
    mutate: f('payments.repo', 'link-ledger.repo', 'provider-events.repo', 'receipt-series.repo'),
    testFiles: t('card', 'concurrency', 'ledger-races', 'refunds', 'razorpay'),
  },
  routes: {
    mutate: f('payments.routes', 'refunds.routes', 'checkout-orders.routes', 'provider'),
    testFiles: t('card', 'refunds', 'checkout-orders', 'razorpay'),
  },
};

export default strykerConfig({ module: 'ledger', project: 'server', groups });
