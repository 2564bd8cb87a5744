import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { type Photo, REPORT_PHOTOS_MAX } from '@pawdesk/shared';
import { IconCamera, IconX } from '@tabler/icons-react';
import { AuthImage } from '../../../components/media/AuthImage';

export interface PhotoStripProps {
  photos: Photo[];
  /** What the photos are of, for labels ("Report card", "Incident"). */
  label: string;
  onAdd?: (file: File) => void;
  onRemove?: (hash: string) => void;
  busy?: boolean;
  /** Read only (a sent card): no add, no remove. */
  readOnly?: boolean;
}

/**
 * Up to 4 photos as thumbnails, each removable, and "Add photo": a file input that opens the camera on a phone
 * (`capture="environment"`) and the file picker elsewhere.
 */
export function PhotoStrip({ photos, label, onAdd, onRemove, busy, readOnly }: PhotoStripProps) {
  const full = photos.length >= REPORT_PHOTOS_MAX;
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap" aria-label={`${label} photos`} role="list">
        {photos.map((p, i) => (
          <div key={p.hash} role="listitem" style={{ position: 'relative' }}>
            <AuthImage path={p.thumbUrl} alt={`${label} photo ${i + 1}`} width={88} height={88} style={{ borderRadius: 8 }} />
            {!readOnly && onRemove ? (
              <ActionIcon
                size="sm"
                radius="xl"
                color="red"
                variant="filled"
                aria-label={`Remove photo ${i + 1}`}
                disabled={busy}
                onClick={() => onRemove(p.hash)}
                style={{ position: 'absolute', top: 4, right: 4 }}
              >
                <IconX size={12} />
              </ActionIcon>
            ) : null}
          </div>
        ))}
        {photos.length === 0 ? (
          <Text size="sm" c="dimmed">
            No photos yet.
          </Text>
        ) : null}
      </Group>
      {!readOnly && onAdd ? (
        <Group gap="xs">
          <Button
            component="label"
            variant="light"
            size="xs"
            leftSection={<IconCamera size={14} />}
            disabled={busy || full}
            loading={busy}
          >
            Add photo
            <input
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={`Add a photo to the ${label.toLowerCase()}`}
              disabled={busy || full}
              style={{ display: 'none' }}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) onAdd(file);
              }}
            />
          </Button>
          <Text size="xs" c="dimmed">
            {photos.length}/{REPORT_PHOTOS_MAX}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
