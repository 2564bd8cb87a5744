import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type SetPasswordBody, type StaffUser, setPasswordBody } from '@pawdesk/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { useSetPassword } from '../api/set-password';

function Form({ user, onDone }: { user: StaffUser; onDone: (message?: string) => void }) {
  const form = useZodForm<SetPasswordBody, SetPasswordBody>(setPasswordBody, { password: '' });
  const save = useSetPassword();

  const submit = form.handleSubmit(async (body) => {
    try {
      onDone((await save.mutateAsync({ id: user._id, body })).message);
    } catch (err) {
      const message = err instanceof ApiError ? err.errors.password : undefined;
      form.setError('password', { message: message ?? errorMessage(err, 'Could not change the password') });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending}>
      <Stack gap="md">
        <Text size="sm">
          {user.fullName} ({user.email}) will be signed out everywhere and must sign in with the new password.
        </Text>
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          data-autofocus
          {...fieldProps(form, 'password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={save.isPending}>
            Set password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Sets a new password for a staff account; `onDone` gets the server's message when it was changed. */
export function PasswordModal({ user, onDone }: { user: StaffUser | null; onDone: (message?: string) => void }) {
  return (
    <Modal opened={user !== null} onClose={() => onDone()} title="Set password" centered>
      {user ? <Form key={user._id} user={user} onDone={onDone} /> : null}
    </Modal>
  );
}
