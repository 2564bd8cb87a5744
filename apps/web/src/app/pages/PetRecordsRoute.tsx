import { PetCareCard } from '../../features/care';
import PetRecordsPage from '../../features/pets/pages/PetRecordsPage';

/** /staff/history as routed: Pet Records with the care feature's instructions card on a pet's details (issue 20). */
export default function PetRecordsRoute() {
  return <PetRecordsPage careSection={(petId) => <PetCareCard key={petId} petId={petId} editable />} />;
}
