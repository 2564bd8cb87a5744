import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, type PetPhotoResponse } from '@pawdesk/shared';
import { api, apiUpload } from './api-client';

/**
 * Why a chosen file cannot be a pet's photo before it is sent, in the server's words (so a 25 MB camera file is
 * refused at once rather than after a long upload on a phone's connection); null when it may be sent. What the bytes
 * really are is the server's check.
 */
export function photoFileProblem(file: Pick<File, 'size'> | null | undefined): string | null {
  if (!file || file.size === 0) return MEDIA_MESSAGES.empty;
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  return null;
}

/** Sets a pet's photo (staff any pet; a customer their own): the photo's paths, or the server's 400 message. */
export function uploadPetPhoto(petId: string, file: File): Promise<PetPhotoResponse> {
  return apiUpload<PetPhotoResponse>(`/pets/${encodeURIComponent(petId)}/photo`, file);
}

export function removePetPhoto(petId: string): Promise<unknown> {
  return api(`/pets/${encodeURIComponent(petId)}/photo`, { method: 'DELETE' });
}
