import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { type EditOwnerBody, editOwnerBody, type Owner, PET_CHANGES_SAVED } from '@pawdesk/shared';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useEditOwner } from '../api/save-pets';
import { OwnerFields } from './OwnerFields';
import { saveFailure } from './save-errors';

interface EditOwnerFormValues {
  id: string;
  name: string;
  phone: string;
  email: string;
  address: string;
}

/** Inline Edit Owner Details form (spec 000 §2, §5). */
export function EditOwnerForm({ owner, onCancel }: { owner: Owner; onCancel: () => void }) {
  const navigate = useNavigate();
  const edit = useEditOwner();
  const form = useForm<EditOwnerFormValues, unknown, EditOwnerBody>({
    resolver: zodResolver(editOwnerBody) as unknown as Resolver<EditOwnerFormValues, unknown, EditOwnerBody>,
    defaultValues: { id: owner._id, name: owner.name, phone: owner.phone, email: owner.email ?? '', address: owner.address },
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit((values) =>
    edit.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message || PET_CHANGES_SAVED);
        navigate('/staff/dashboard');
      },
      onError: (err) => notify.error(saveFailure(err, (p, e) => form.setError(p as never, e))),
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Edit owner details">
          <Stack>
            <Title order={3} fz="md">
              Edit Owner Details
            </Title>
            <OwnerFields nameField="name" autoFocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel} disabled={edit.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={edit.isPending}>
                {edit.isPending ? 'Saving Changes...' : 'Save Changes'}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}
