import { PetCareCard } from '../../features/care';
import PetRecordsPage from '../../features/pets/pages/PetRecordsPage';
import { PetIncidentsSection } from '../../features/report-cards';

/**
 * /staff/history as routed: Pet Records with the care feature's instructions card on a pet's details, and the pet's
 * incidents below them (report cards feature; issue 20).
 */
export default function PetRecordsRoute() {
  return (
    <PetRecordsPage
      careSection={(petId) => <PetCareCard key={petId} petId={petId} editable />}
      petSections={(petId) => <PetIncidentsSection petId={petId} />}
    />
  );
}
