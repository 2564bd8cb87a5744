import type { BoardingCategoriesResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { boardingKeys } from './keys';

export type BoardingCategory = BoardingCategoriesResponse['visitTypes'][number];

/** GET /visit/getboardingcategories: Dog Park, Day School, Play School, Hostel, Day Care (the screen's order). */
export function fetchBoardingCategories(signal?: AbortSignal) {
  return api<BoardingCategoriesResponse>('/visit/getboardingcategories', { signal }).then((r) => r.visitTypes);
}

export function useBoardingCategories() {
  return useQuery({ queryKey: boardingKeys.categories(), queryFn: ({ signal }) => fetchBoardingCategories(signal) });
}
