import type { RemindVaccinationsInput, RemindVaccinationsResponse, VaccinationsDueResponse } from '@pawdesk/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reminderKeys } from './keys';

/** GET /reminders/vaccinations-due?days: the vaccinations overdue, due today and due in the next `days`. */
export function useVaccinationsDue(days: number) {
  return useQuery({
    queryKey: reminderKeys.vaccinationsDue(days),
    queryFn: ({ signal }) => api<VaccinationsDueResponse>('/reminders/vaccinations-due', { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /reminders/vaccinations-due/remind: one email per owner per day through the outbox. */
export function useRemindVaccinations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RemindVaccinationsInput) =>
      api<RemindVaccinationsResponse>('/reminders/vaccinations-due/remind', { method: 'POST', body }),
    // The rows' 'reminded today' and the sent messages change.
    onSuccess: () => qc.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}
