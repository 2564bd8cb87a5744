import { Alert, Button, Card, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import { IconFileZip, IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { uploadExport } from '../api/upload-export';
import { formatBytes, looksLikeZip } from '../import-logic';
import classes from '../import.module.css';
import { FoundExport } from './FoundExport';

export const NOT_A_ZIP = 'Choose a .zip file: the export folder (mongodump or mongoexport), zipped.';

interface Sending {
  name: string;
  sent: number;
  total: number;
}

/**
 * Step 1: the zip of the export, chosen with the button or dropped on the card. The upload shows its progress and can
 * be cancelled; the server's refusal (not a zip, too large, a path that leaves the folder…) is said on the card.
 */
export function UploadCard({
  upload,
  disabled,
  onUploading,
  onUploaded,
}: {
  upload: ImportUpload | null;
  /** A run is going on: no new upload meanwhile. */
  disabled: boolean;
  onUploading: (busy: boolean) => void;
  onUploaded: (u: ImportUpload) => void;
}) {
  const titleId = useId();
  const [sending, setSending] = useState<Sending | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const send = async (file: File | null) => {
    if (!file || sending) return;
    setFailed(null);
    if (!looksLikeZip(file)) {
      setFailed(NOT_A_ZIP);
      return;
    }
    const ac = new AbortController();
    abort.current = ac;
    setSending({ name: file.name, sent: 0, total: file.size });
    onUploading(true);
    try {
      const u = await uploadExport(file, {
        signal: ac.signal,
        onProgress: (sent, total) => setSending({ name: file.name, sent, total }),
      });
      onUploaded(u);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailed(errorMessage(err, 'The upload failed'));
    } finally {
      abort.current = null;
      setSending(null);
      onUploading(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    void send(e.dataTransfer.files[0] ?? null);
  };

  const percent = sending && sending.total > 0 ? Math.min(100, Math.round((sending.sent / sending.total) * 100)) : 0;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id={titleId}>
            1. Upload the export
          </Title>
          <Text size="sm" c="dimmed">
            Zip the folder that mongodump or mongoexport wrote and upload it here. It is unpacked on the server; nothing is
            imported yet.
          </Text>
        </div>
        {/* Dropping is a shortcut: the button inside does the same from the keyboard. */}
        <div
          role="group"
          aria-label="Drop the zip here"
          className={classes.dropzone}
          data-over={over || undefined}
          data-disabled={disabled || sending ? true : undefined}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          {sending ? (
            <Stack gap={6} w="100%">
              <Text size="sm" fw={500} truncate>
                Uploading {sending.name}…
              </Text>
              <Progress value={percent} size="lg" aria-label={`Upload of ${sending.name}`} animated={percent >= 100} />
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed" aria-live="polite">
                  {percent >= 100
                    ? 'Unpacking and checking on the server…'
                    : `${percent}% — ${formatBytes(sending.sent)} of ${formatBytes(sending.total)}`}
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconX size={14} />}
                  onClick={() => abort.current?.abort()}
                >
                  Cancel upload
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap={8} align="center" ta="center">
              <IconFileZip size={36} stroke={1.5} aria-hidden />
              <Text size="sm">Drag the zip here, or</Text>
              <FileButton onChange={(f) => void send(f)} accept=".zip,application/zip,application/x-zip-compressed">
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} />} disabled={disabled}>
                    {upload ? 'Choose another zip' : 'Choose a zip'}
                  </Button>
                )}
              </FileButton>
            </Stack>
          )}
        </div>
        {failed ? (
          <Alert color="red" variant="light" title="The upload was refused" role="alert">
            {failed}
          </Alert>
        ) : null}
        {upload ? <FoundExport upload={upload} /> : null}
      </Stack>
    </Card>
  );
}
