import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { PET_CHANGES_SAVED } from '@pawdesk/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { onSaveError } from '../forms';

interface EditFormCardProps<V extends FieldValues, B> {
  form: UseFormReturn<V, unknown, B>;
  save: UseMutationResult<{ message: string }, Error, B>;
  /** The card's heading, e.g. 'Edit Pet Details'. */
  title: string;
  /** The form's accessible name. */
  label: string;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * An inline edit form of the pet details view (spec 000 §2, §5): a titled card
 * with Cancel and Save Changes; on success 'Changes saved successfully' (or the
 * server's message) and back to the dashboard.
 */
export function EditFormCard<V extends FieldValues, B>({
  form,
  save,
  title,
  label,
  onCancel,
  children,
}: EditFormCardProps<V, B>) {
  const navigate = useNavigate();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message || PET_CHANGES_SAVED);
        navigate('/staff/dashboard');
      },
      onError: onSaveError(form),
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={label}>
          <Stack>
            <Title order={3} fz="md">
              {title}
            </Title>
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving Changes...' : 'Save Changes'}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}
