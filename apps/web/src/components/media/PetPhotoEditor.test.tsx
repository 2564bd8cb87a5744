import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, photoOf } from '@pawdesk/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { photoFileProblem } from '../../lib/pet-photo';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { PetAvatar } from './AuthImage';
import { PetPhotoEditor } from './PetPhotoEditor';

const PET_ID = '650000000000000000000041';
const HASH = 'a'.repeat(64);

/** A File of `size` bytes without allocating them (jsdom reads `size` from the parts). */
function fileOfSize(size: number, type = 'image/jpeg'): File {
  const f = new File(['x'], 'photo.jpg', { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('photoFileProblem', () => {
  it('refuses an empty file and one over 10 MB with the server’s words; 10 MB exactly may be sent', () => {
    expect(photoFileProblem(fileOfSize(0))).toBe(MEDIA_MESSAGES.empty);
    expect(photoFileProblem(null)).toBe(MEDIA_MESSAGES.empty);
    expect(photoFileProblem(fileOfSize(MEDIA_MAX_BYTES + 1))).toBe(MEDIA_MESSAGES.tooLarge);
    expect(photoFileProblem(fileOfSize(MEDIA_MAX_BYTES))).toBeNull();
    expect(photoFileProblem(fileOfSize(2_500_000))).toBeNull();
  });
});

describe('PetPhotoEditor', () => {
  const cameraInput = () => screen.getByLabelText('Add photo of Bruno (camera)') as HTMLInputElement;

  it('opens the camera on a phone (accept image/*, capture) and refuses a file over 10 MB without sending it', async () => {
    const sent = vi.fn();
    server.use(
      http.post(`/api/v1/pets/${PET_ID}/photo`, () => {
        sent();
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<PetPhotoEditor pet={{ _id: PET_ID, name: 'Bruno', photo: null }} onChanged={() => {}} />);
    const input = cameraInput();
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    fireEvent.change(input, { target: { files: [fileOfSize(MEDIA_MAX_BYTES + 1)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.tooLarge);
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends the file’s bytes with its content type, then reports the change; shows the server’s 400 message', async () => {
    const types: (string | null)[] = [];
    let answer: 'ok' | 'refuse' = 'ok';
    server.use(
      http.post(`/api/v1/pets/${PET_ID}/photo`, async ({ request }) => {
        types.push(request.headers.get('content-type'));
        if (answer === 'refuse') return HttpResponse.json({ success: false, message: MEDIA_MESSAGES.notImage }, { status: 400 });
        return HttpResponse.json({ success: true, message: 'Photo saved', photo: photoOf(HASH) });
      }),
    );
    const changed = vi.fn();
    renderWithProviders(<PetPhotoEditor pet={{ _id: PET_ID, name: 'Bruno', photo: null }} onChanged={changed} />);
    fireEvent.change(cameraInput(), { target: { files: [new File(['\xff\xd8\xff'], 'p.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(types).toEqual(['image/jpeg']);

    answer = 'refuse';
    fireEvent.change(cameraInput(), { target: { files: [new File(['hello'], 'notes.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText(MEDIA_MESSAGES.notImage)).toBeInTheDocument();
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

describe('PetAvatar', () => {
  it('shows the initials of a pet without a photo (two words: two letters)', () => {
    renderWithProviders(<PetAvatar photo={null} name="bruno the beagle" />);
    expect(screen.getByText('BT')).toBeInTheDocument();
  });

  it('falls back to the initials when the photo cannot be fetched', async () => {
    server.use(http.get(`/api/v1/media/${HASH}`, () => new HttpResponse(null, { status: 404 })));
    renderWithProviders(<PetAvatar photo={photoOf(HASH)} name="Coco" />);
    await waitFor(() => expect(screen.getByText('C')).toBeInTheDocument());
    expect(screen.queryByRole('img')).toBeNull();
  });
});
