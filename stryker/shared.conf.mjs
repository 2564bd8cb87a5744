import { strykerConfig } from './base.mjs';

// The shared rules: every file of packages/shared that computes something (prices, tax, dates, counting, money,
// refunds, eligibility). Files that only declare zod request/response shapes are left out (docs/quality.md).
const src = 'packages/shared/src';
const tests = [`${src}/**/*.test.ts`];
export const groups = {
  core: {
    mutate: ['money', 'dates', 'phone', 'common', 'catalog', 'csv/csv'].map((f) => `${src}/${f}.ts`),
    testFiles: tests,
  },
  tax: { mutate: [`${src}/tax/*.ts`, `!${src}/tax/*.test.ts`], testFiles: tests },
  visits: {
    mutate: ['visits/rules', 'visits/shop', 'visits/walk-in', 'stays/counting', 'stays/booking'].map((f) => `${src}/${f}.ts`),
    testFiles: tests,
  },
  boarding: { mutate: ['boarding/rules', 'care/run-card', 'care/slots.rules'].map((f) => `${src}/${f}.ts`), testFiles: tests },
  money: {
    mutate: ['payments/rules', 'payments/refund', 'wallet/rules', 'packages/rules'].map((f) => `${src}/${f}.ts`),
    testFiles: tests,
  },
  clinic: {
    mutate: ['pets/rules', 'pets/admission', 'appointments/rules', 'prescriptions/rules', 'followups/rules'].map(
      (f) => `${src}/${f}.ts`,
    ),
    testFiles: tests,
  },
  forms: { mutate: ['documents/schemas', 'donotserve/schemas'].map((f) => `${src}/${f}.ts`), testFiles: tests },
  import: { mutate: [`${src}/import/normalise.ts`], testFiles: tests },
};

export default strykerConfig({ module: 'shared', project: 'shared', groups });
