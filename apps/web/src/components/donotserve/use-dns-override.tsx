import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type DnsOverride, isDnsRefusal } from '@pawdesk/shared';
import { IconBan } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { ReasonModal } from './ReasonModal';

interface Refused {
  message: string;
  resend: (override: DnsOverride) => void;
}

export interface DnsOverrideGate {
  /**
   * True (and the refusal shown) when `err` is the server's do-not-serve 409; an admin is then offered "Override for
   * this visit", which calls `resend` with `{ reason }` to send the same request with `dnsOverride`.
   */
  intercept: (err: unknown, resend: (override: DnsOverride) => void) => boolean;
  element: ReactNode;
}

/** The do-not-serve refusal of a save (New Visit, reservations): its reason, and the admin's override. */
export function useDnsOverride(what = 'visit'): DnsOverrideGate {
  const { user } = useAuth();
  const isAdmin = user?.role === 'staff' && user.isAdmin;
  const [refused, setRefused] = useState<Refused | null>(null);
  const [asking, setAsking] = useState(false);

  const intercept = (err: unknown, resend: Refused['resend']) => {
    if (!(err instanceof ApiError) || err.status !== 409 || !isDnsRefusal(err.body)) return false;
    setRefused({ message: err.message, resend });
    return true;
  };

  const close = () => {
    setRefused(null);
    setAsking(false);
  };

  return {
    intercept,
    element: (
      <>
        <Modal opened={refused !== null && !asking} onClose={close} title="Do not serve" centered>
          <Stack gap="sm">
            <Alert color="red" icon={<IconBan size={18} />} role="alert">
              {refused?.message}
            </Alert>
            <Text size="sm" c="dimmed">
              {isAdmin
                ? `An admin may override the flag for this ${what} only; the override is recorded with your reason.`
                : 'Nothing was saved. Ask an admin if an exception should be made.'}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              {isAdmin ? (
                <Button color="red" onClick={() => setAsking(true)}>
                  Override for this {what}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Modal>
        <ReasonModal
          opened={asking}
          onClose={close}
          title={`Override for this ${what}`}
          intro={refused?.message}
          label="Reason for the override"
          confirmLabel="Override and save"
          danger
          onSubmit={(reason) => {
            const r = refused;
            close();
            r?.resend({ reason });
          }}
        />
      </>
    ),
  };
}
