import PetRecordsPage from '../../features/pets/pages/PetRecordsPage';
import { PetIncidentsSection } from '../../features/report-cards';

/** /staff/history as routed: Pet Records with the pet's incidents below its details (report cards feature). */
export default function PetRecordsRoute() {
  return <PetRecordsPage petSections={(petId) => <PetIncidentsSection petId={petId} />} />;
}
