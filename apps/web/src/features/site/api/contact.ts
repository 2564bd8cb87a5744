import type { ContactBody } from '@pawdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Stores a contact-form message (POST /contact). */
export function useSubmitContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => api<{ success: true; message: string }>('/contact', { method: 'POST', body }),
  });
}
