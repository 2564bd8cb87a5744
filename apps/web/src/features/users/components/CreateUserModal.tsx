import { Button, Checkbox, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type CreateStaffBody, createStaffBody } from '@pawdesk/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';

interface Values {
  fullName: string;
  email: string;
  password: string;
  isAdmin: boolean;
}
const EMPTY: Values = { fullName: '', email: '', password: '', isAdmin: false };

function Form({ onDone }: { onDone: () => void }) {
  const form = useZodForm<Values, CreateStaffBody>(createStaffBody, EMPTY);
  const create = useCreateUser();

  const submit = form.handleSubmit(async (body) => {
    try {
      notify.success((await create.mutateAsync(body)).message);
      onDone();
    } catch (err) {
      // Field errors (a taken email) go next to their field; anything else is a toast, and the form keeps its values.
      const fieldErrors = err instanceof ApiError ? Object.entries(err.errors).filter(([f]) => f in EMPTY) : [];
      for (const [field, message] of fieldErrors) form.setError(field as keyof Values, { message }, { shouldFocus: true });
      if (fieldErrors.length === 0) notify.error(errorMessage(err, 'Could not create the account'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={create.isPending}>
      <Stack gap="md">
        <TextInput label="Full name" required autoComplete="off" data-autofocus {...fieldProps(form, 'fullName')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...fieldProps(form, 'email')} />
        <PasswordInput
          label="Password"
          description="At least 6 characters. Share it with the person; they can sign in at once."
          required
          autoComplete="new-password"
          {...fieldProps(form, 'password')}
        />
        <Checkbox
          label="Administrator (manages staff accounts, prices and plans)"
          {...form.register('isAdmin')}
          error={form.formState.errors.isAdmin?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new staff account. */
export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New staff account" centered>
      {opened ? <Form onDone={onClose} /> : null}
    </Modal>
  );
}
