import { strykerConfig } from './base.mjs';

// The sales module (apps/server/src/modules/sales): what a visit, a stay, a package or a subscription sells and
// charges, deboarding's bill and settlement, the owner's statement.
const dir = 'apps/server/src/modules/sales';
const f = (...names) => names.map((n) => `${dir}/${n}.ts`);
const t = (...names) => names.map((n) => (n.includes('/') ? `apps/server/src/modules/${n}.test.ts` : `${dir}/${n}.test.ts`));
export const groups = {
  stay: {
    mutate: f(
      'stay.service',
      'stay-bill.service',
      'stay-settle.service',
      'stay-visits.service',
      'deboard.service',
      'boarded-pets.service',
    ),
    testFiles: t('stay-bill', 'stay-counting', 'boarding/deboarding', 'boarding/deboarding-money', 'visits/boarding-visits'),
  },
  visit: {
    mutate: f('visit-sale.service', 'new-visit.service', 'visit-events.service', 'appointment-credit.service'),
    testFiles: t('walk-in', 'stock-sales', 'empty-ids', 'addvisit-sales-section', 'visits/visit-saves', 'visits/shop-lines'),
  },
  statement: { mutate: f('statement.service'), testFiles: t('statement', 'owner-reconciliation') },
  packages: {
    mutate: f(
      'package-activation.service',
      'package-daily.service',
      'package-money.service',
      'package-notices.service',
      'package-view.service',
    ),
    testFiles: t('packages/activation', 'packages/daily', 'packages/offers', 'packages/package-idempotency'),
  },
  subscriptions: {
    mutate: f('subscription-activation.service', 'subscription-checkout.service', 'subscription-sale.service'),
    testFiles: t('subscriptions/subscriptions', 'subscriptions/paid-before-used', 'subscriptions/customer-subscriptions'),
  },
  routes: {
    mutate: [`${dir}/*.routes.ts`],
    testFiles: t('statement', 'walk-in', 'boarding/deboarding', 'subscriptions/subscriptions', 'packages/activation'),
  },
};

export default strykerConfig({ module: 'sales', project: 'server', groups });
