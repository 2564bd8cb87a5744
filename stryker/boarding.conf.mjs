import { strykerConfig } from './base.mjs';

// The boarding module (apps/server/src/modules/boarding): who is boarded, occupancy against capacity, the stays in
// the house, the deboarding reads. Its tests drive it through HTTP on a PGlite database per test file.
const dir = 'apps/server/src/modules/boarding';
const tests = [`${dir}/*.test.ts`, 'apps/server/src/modules/visits/boarding-visits.test.ts'];
// The capacity rules (occupancy.service: room on each day, places free, the lock) are driven by New Visit's capacity
// tests and the reservations': without them 43 of occupancy.service's mutants survived the first run (60.2 %).
const capacityTests = [
  'apps/server/src/modules/visit-types/capacity.test.ts',
  'apps/server/src/modules/reservations/reservations.test.ts',
];
export const groups = {
  services: {
    mutate: ['boarding.service', 'occupancy.service', 'stay-records.service', 'stays-in-house.service'].map(
      (f) => `${dir}/${f}.ts`,
    ),
    testFiles: [...tests, ...capacityTests],
  },
  repos: {
    mutate: ['boarding.repo', 'deboarding.repo', 'occupancy.repo', 'stays-in-house.repo'].map((f) => `${dir}/${f}.ts`),
    testFiles: tests,
  },
  // The routes' own tests: the other files add minutes per mutant and nothing a route decides.
  routes: { mutate: [`${dir}/*.routes.ts`], testFiles: [`${dir}/boarding.test.ts`, `${dir}/occupancy.test.ts`] },
};

export default strykerConfig({ module: 'boarding', project: 'server', groups });
