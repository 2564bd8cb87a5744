/** What other parts of the app compose from report cards (app/pages): the pet's incidents on its details. */
export { PetIncidentsSection } from './components/PetIncidentsSection';
