import { Alert, Text } from '@mantine/core';
import type { Owner } from '@pawdesk/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useDebounced } from '../../../lib/use-debounced';
import { useOwnerByPhone } from '../api/find-owner';

/** How long the phone must stay unchanged before it is looked up. */
const LOOKUP_DEBOUNCE_MS = 400;

/** The existing owner the (complete, settled) phone typed belongs to, or null. */
export function useExistingOwner(): Owner | null {
  const { control } = useFormContext<{ phone: string }>();
  const typed = useWatch({ control, name: 'phone' }) ?? '';
  const phone = useDebounced(typed, LOOKUP_DEBOUNCE_MS);
  const owner = useOwnerByPhone(phone).data;
  return owner && typed === phone ? owner : null;
}

/**
 * Add Pet: the phone typed belongs to an existing owner: the pets go to that owner, whose details on file are kept,
 * so the owner's name, email and address are not asked for (issue 9, issue 18).
 */
export function ExistingOwnerNotice({ owner }: { owner: Owner }) {
  return (
    <Alert mt="md" color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status" aria-live="polite">
      <Text size="sm">This number belongs to {owner.name}; the pets will be added to that owner</Text>
      <Text size="sm" c="dimmed" mt={4} data-testid="owner-on-file">
        On file: {[owner.name, owner.email, owner.address].filter(Boolean).join(' · ')}. To change these, use Edit Owner in Pet
        Records.
      </Text>
    </Alert>
  );
}
