import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useDebounced } from '../../../lib/use-debounced';
import { useOwnerByPhone } from '../api/find-owner';

/** How long the phone must stay unchanged before it is looked up. */
const LOOKUP_DEBOUNCE_MS = 400;

/**
 * Add Pet: when the (complete, settled) phone typed belongs to an existing owner, say so before saving: the pets go
 * to that owner and the typed name and address are not used (issue 9).
 */
export function ExistingOwnerNotice() {
  const { control } = useFormContext<{ phone: string }>();
  const typed = useWatch({ control, name: 'phone' }) ?? '';
  const phone = useDebounced(typed, LOOKUP_DEBOUNCE_MS);
  const owner = useOwnerByPhone(phone).data;
  if (!owner || typed !== phone) return null;
  return (
    <Alert mt="md" color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status" aria-live="polite">
      This number belongs to {owner.name}; the pets will be added to that owner
    </Alert>
  );
}
