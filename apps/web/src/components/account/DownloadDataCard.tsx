import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { apiDownload, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

export interface DownloadDataCardProps {
  title: string;
  /** What the zip holds, in a sentence or two. */
  description: string;
  buttonLabel: string;
  /** The API path answering the zip (GET). */
  path: string;
  /** The file name when the server names none. */
  fallbackName: string;
}

/**
 * A card with one button that downloads a zip of data (issue 21: an admin's "Download all data", an owner's
 * "Download my data"). The button shows it is working while the server writes the zip (it can take a while for all
 * data), and a failure is said on the card as well as in a notification.
 */
export function DownloadDataCard({ title, description, buttonLabel, path, fallbackName }: DownloadDataCardProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const titleId = useId();

  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const name = await apiDownload(path, fallbackName);
      notify.success(`Downloaded ${name}`);
    } catch (err) {
      const message = errorMessage(err, 'Could not download the data');
      setFailed(message);
      notify.error(message, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" maw={560} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {failed ? (
          <Alert color="red" variant="light" title="Download failed">
            {failed}
          </Alert>
        ) : null}
        <div>
          <Button leftSection={<IconDownload size={16} />} onClick={download} loading={busy} disabled={busy}>
            {buttonLabel}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
