import { Anchor, Button, PasswordInput, Text } from '@mantine/core';
import { AUTH_MSG, PASSWORD_MIN } from '@pawdesk/shared';
import { checkNewPassword } from '../../../components/account/SessionsSection';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverAnswered, serverMessage } from '../../../lib/api-client';
import { auth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/auth';
import { AuthCard } from '../components/AuthCard';

/** /reset-password?token=…: the emailed link; a new password, then every session of the account ends. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useResetPassword();
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = checkNewPassword(password, confirm);
    setErrors(problems);
    if (problems.password || problems.confirm) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: (res) => {
          // Every session of the account has ended, this browser's too if it was signed in.
          auth.signOut();
          notify.success(res.message, { onlyOn: '/login' });
          navigate('/login', { replace: true });
        },
      },
    );
  };

  const error = !token
    ? AUTH_MSG.resetInvalid
    : reset.error
      ? serverAnswered(reset.error)
        ? serverMessage(reset.error, 'Could not reset the password')
        : 'Network error. Please try again.'
      : null;

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Setting a new password logs your account out on every device."
      onSubmit={submit}
      fields={
        <>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            description={`At least ${PASSWORD_MIN} characters`}
            value={password}
            error={errors.password}
            disabled={!token}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirm}
            error={errors.confirm}
            disabled={!token}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
        </>
      }
      error={error}
      errorIcon={<IconAlertCircle />}
      submit={
        <>
          <Button type="submit" loading={reset.isPending} disabled={!token} fullWidth>
            Set new password
          </Button>
          {error ? (
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/forgot-password">
                Request a new link
              </Anchor>
            </Text>
          ) : null}
        </>
      }
      other={{ question: 'Remembered it?', link: 'Back to login', to: '/login' }}
    />
  );
}
