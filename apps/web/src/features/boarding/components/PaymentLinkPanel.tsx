import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
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
          <Group key={l._id} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={
                <>
                  Payment link{links.length > 1 ? ` ${i + 1}` : ''} for <Money value={l.amount} />
                </>
              }
              value={l.linkUrl}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={l.linkUrl}>
              {({ copied, copy: copyLink }) => (
                <Button
                  ref={i === 0 ? copy : undefined}
                  onClick={copyLink}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
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
