import { Alert, Button, FileButton, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Photo } from '@pawdesk/shared';
import { IconCamera, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { photoFileProblem, removePetPhoto, uploadPetPhoto } from '../../lib/pet-photo';
import { confirm } from '../confirm';
import { AuthImage, PetAvatar } from './AuthImage';

export interface PetPhotoEditorProps {
  pet: { _id: string; name: string; photo: Photo | null };
  /** After a photo is saved or removed: refresh what shows the pet. */
  onChanged: () => unknown;
  /** `full`: the photo at display size beside the buttons (Pet Records); `compact`: a thumbnail and one button. */
  variant?: 'full' | 'compact';
}

/**
 * A pet's photo and the ways to change it (issue 20): "Add photo" / "Change photo" opens the camera on a phone
 * (`capture`), "Upload from files" the file picker; a file over 10 MB is refused before it is sent, the server's
 * message is shown when it refuses one; "Remove photo" asks first. The photo opens larger in a dialog.
 */
export function PetPhotoEditor({ pet, onChanged, variant = 'full' }: PetPhotoEditorProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [enlarged, setEnlarged] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => uploadPetPhoto(pet._id, file),
    onSuccess: async () => {
      setProblem(null);
      await onChanged();
      notify.success(`Photo of ${pet.name} saved`);
    },
    onError: (err) => setProblem(errorMessage(err, 'The photo could not be uploaded. Try again.')),
  });
  const remove = useMutation({
    mutationFn: () => removePetPhoto(pet._id),
    onSuccess: async () => {
      setProblem(null);
      await onChanged();
      notify.success(`Photo of ${pet.name} removed`);
    },
    onError: (err) => setProblem(errorMessage(err, 'The photo could not be removed. Try again.')),
  });

  const choose = (file: File | null) => {
    if (!file) return;
    const p = photoFileProblem(file);
    setProblem(p);
    if (!p) upload.mutate(file);
  };
  const askRemove = async () => {
    const ok = await confirm({
      title: 'Remove photo',
      message: `Remove the photo of ${pet.name}? This cannot be undone.`,
      confirmLabel: 'Remove photo',
      danger: true,
    });
    if (ok) remove.mutate();
  };

  const busy = upload.isPending || remove.isPending;
  const has = pet.photo !== null;
  const takeLabel = has ? 'Change photo' : 'Add photo';

  const buttons = (
    <Group gap="xs" wrap="wrap">
      <FileButton
        onChange={choose}
        accept="image/*"
        capture="environment"
        disabled={busy}
        inputProps={{ 'aria-label': `${takeLabel} of ${pet.name} (camera)`, 'data-testid': 'pet-photo-camera' } as object}
      >
        {(props) => (
          <Button
            {...props}
            size="xs"
            leftSection={<IconCamera size={14} />}
            loading={upload.isPending}
            disabled={busy}
            aria-label={`${takeLabel} of ${pet.name}`}
          >
            {takeLabel}
          </Button>
        )}
      </FileButton>
      {variant === 'full' ? (
        <FileButton
          onChange={choose}
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          inputProps={{ 'aria-label': `Upload a photo of ${pet.name} from files` } as object}
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconPhotoUp size={14} />} disabled={busy}>
              Upload from files
            </Button>
          )}
        </FileButton>
      ) : null}
      {has && variant === 'full' ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => void askRemove()}
          loading={remove.isPending}
          disabled={busy}
        >
          Remove photo
        </Button>
      ) : null}
    </Group>
  );

  const status = (
    <>
      {upload.isPending ? (
        <Text size="xs" c="dimmed" role="status">
          Uploading photo…
        </Text>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" p="xs" role="alert" title="Photo not saved">
          {problem}
        </Alert>
      ) : null}
    </>
  );

  if (variant === 'compact') {
    return (
      <Stack gap={4} align="flex-start">
        {buttons}
        {status}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Group gap="md" align="center" wrap="nowrap">
        {pet.photo ? (
          <UnstyledButton onClick={() => setEnlarged(true)} aria-label={`Enlarge the photo of ${pet.name}`}>
            <AuthImage
              path={pet.photo.url}
              alt={`Photo of ${pet.name}`}
              width={120}
              height={120}
              style={{ borderRadius: 'var(--mantine-radius-md)', display: 'block' }}
            />
          </UnstyledButton>
        ) : (
          <PetAvatar photo={null} name={pet.name} size={120} radius="md" variant="light" />
        )}
        {buttons}
      </Group>
      {status}
      <Modal opened={enlarged} onClose={() => setEnlarged(false)} title={pet.name} size="lg" centered>
        {pet.photo ? (
          <AuthImage
            path={pet.photo.url}
            alt={`Photo of ${pet.name}`}
            width="100%"
            height="auto"
            style={{ objectFit: 'contain', maxHeight: '75vh', display: 'block' }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
