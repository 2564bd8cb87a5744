/** What the app shell composes from the care feature (issue 20). */
export { PetCareCard } from './components/PetCareCard';
