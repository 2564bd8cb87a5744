import { DEFAULT_TZ } from '@pawdesk/shared';
import { onStayStarted } from '../boarding/boarding.service.ts';
import { careDaySummaryOf } from './care-board.service.ts';
import { registerCareDaySummary } from './care-ports.service.ts';
import { careWarningsOfPets, copyIntoPlan } from './care.service.ts';
import { provideCareWarnings } from '../pets/pet-care-warnings.service.ts';

/**
 * What the care module hooks into at load (imported by care.routes.ts, which modules/index.ts mounts): a stay that
 * starts (any boarding type) copies the pet's standing instructions into its plan, in the boarding's transaction;
 * and the report cards read a stay's day from the care log through care-ports. Registered once per process (the
 * same function objects), whatever number of apps a test builds.
 */
let businessTz = DEFAULT_TZ;

/** The business time zone the day summary writes times in (the app's configuration, set when the routes load). */
export function setCareTimeZone(tz: string): void {
  businessTz = tz;
}

const copyAtStart: Parameters<typeof onStayStarted>[0] = (tx, e) => copyIntoPlan(tx, e.boarding.petId, e.boarding.id);
onStayStarted(copyAtStart);
registerCareDaySummary((db, boardingId, day) => careDaySummaryOf(db, boardingId, day, businessTz));
provideCareWarnings((db, petIds) => careWarningsOfPets(db, petIds));
