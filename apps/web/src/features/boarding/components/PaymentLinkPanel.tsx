import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLink, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { CopyLinkField } from '../../../components/CopyLinkField';
import { Money } from '../../../components/Money';

export interface PendingLink {
  _id: string;
  amount: number;
  linkUrl: string;
}

/**
 * The payment links sent for the stay and not paid yet: each with Copy, and 'Check payment' to ask the server
 * again once the owner says they paid (deboarding is enabled when nothing is due).
 */
export function PaymentLinkPanel({
  links,
  note,
  onCheck,
  checking,
}: {
  links: PendingLink[];
  note: string | null;
  onCheck: () => void;
  checking: boolean;
}) {
  // A link just sent: focus (and so scroll to) its Copy button, once the Payment Options dialog has closed and
  // handed focus back to the button that opened it.
  const copy = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!note) return;
    const t = window.setTimeout(() => copy.current?.focus(), 350);
    return () => window.clearTimeout(t);
  }, [note]);
  if (links.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconLink size={18} />} title="Payment link sent">
      <Stack gap="sm">
        {note ? <Text size="sm">{note}</Text> : null}
        {links.map((l, i) => (
          <CopyLinkField
            key={l._id}
            label={
              <>
                Payment link{links.length > 1 ? ` ${i + 1}` : ''} for <Money value={l.amount} />
              </>
            }
            url={l.linkUrl}
            copyRef={i === 0 ? copy : undefined}
          />
        ))}
        <Group justify="flex-start">
          <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} loading={checking} onClick={onCheck}>
            Check payment
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
