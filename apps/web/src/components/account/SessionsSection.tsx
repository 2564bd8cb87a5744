import { Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type AuthSession, formatDateTime, PASSWORD_MIN } from '@pawdesk/shared';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../confirm';
import { ErrorState, LoadingState } from '../states';
import { errorMessage, serverAnswered } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { logoutOnServer, useChangePassword, useEndSession, useLogoutEverywhere, useSessions } from '../../lib/auth-server';

const MOBILE = /Android|iPhone|iPad/;

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** What is wrong with a new password and its repetition, per field (empty: nothing). */
export function checkNewPassword(password: string, confirm: string): { password?: string; confirm?: string } {
  if (!password) return { password: 'Password is required' };
  if (password.length < PASSWORD_MIN) return { password: `Password must be at least ${PASSWORD_MIN} characters` };
  if (password !== confirm) return { confirm: PASSWORDS_DIFFER };
  return {};
}

function SessionRow({ s, onEnd, busy }: { s: AuthSession; onEnd: (s: AuthSession) => void; busy: boolean }) {
  const Icon = MOBILE.test(s.device) ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={s.current ? `${s.device} (this device)` : s.device}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <Icon size={22} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {s.device}
              </Text>
              {s.current ? (
                <Badge color="teal" variant="light" size="sm">
                  This device
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              Last seen {formatDateTime(s.lastSeenAt)}
              {s.ipPrefix ? ` · from ${s.ipPrefix}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              Signed in {formatDateTime(s.createdAt)}
            </Text>
          </Stack>
        </Group>
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={busy}
          style={{ flex: 'none' }}
          onClick={() => onEnd(s)}
          aria-label={s.current ? 'Log out of this device' : `End the session on ${s.device}`}
        >
          {s.current ? 'Log out' : 'End'}
        </Button>
      </Group>
    </Card>
  );
}

/** Change password: the current one, the new one twice. The other sessions end; this one goes on. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ current?: string; password?: string; confirm?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = { ...(current ? {} : { current: 'Current password is required' }), ...checkNewPassword(next, again) };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          setCurrent('');
          setNext('');
          setAgain('');
        },
        onError: (err) => {
          if (serverAnswered(err) && err.errors.currentPassword) return setErrors({ current: err.errors.currentPassword });
          if (serverAnswered(err) && err.errors.newPassword) return setErrors({ password: err.errors.newPassword });
          notify.error(errorMessage(err, 'Could not change the password'), err);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Change password
        </Title>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={current}
          error={errors.current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          description="At least 6 characters. Your other sessions will be logged out."
          value={next}
          error={errors.password}
          onChange={(e) => setNext(e.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={again}
          error={errors.confirm}
          onChange={(e) => setAgain(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Your sessions": where the account is signed in, this device marked; end one; log out everywhere. */
export function SessionsSection() {
  const q = useSessions();
  const end = useEndSession();
  const everywhere = useLogoutEverywhere();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const leave = () => {
    qc.clear();
    navigate('/login', { replace: true });
  };

  const onEnd = async (s: AuthSession) => {
    if (s.current) {
      if (!(await confirm({ title: 'Log out', message: 'Log out of this device?', confirmLabel: 'Log out', danger: true })))
        return;
      await logoutOnServer();
      return leave();
    }
    const ok = await confirm({
      title: 'End session',
      message: `Sign out ${s.device}? Whoever uses it will have to log in again.`,
      confirmLabel: 'End session',
      danger: true,
    });
    if (!ok) return;
    setBusy(s._id);
    try {
      const res = await end.mutateAsync(s._id);
      notify.success(res.message);
    } catch (err) {
      notify.error(errorMessage(err, 'Could not end the session'), err);
    } finally {
      setBusy(null);
    }
  };

  const onEverywhere = async () => {
    const ok = await confirm({
      title: 'Log out everywhere',
      message: 'Sign out on every device, this one included? You can log in again with your password.',
      confirmLabel: 'Log out everywhere',
      danger: true,
    });
    if (!ok) return;
    everywhere.mutate(undefined, {
      onSuccess: (res) => {
        notify.success(res.message, { onlyOn: '/login' });
        leave();
      },
      onError: (err) => notify.error(errorMessage(err, 'Could not log out everywhere'), err),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" maw={560} component="section" aria-labelledby="your-sessions">
      <Stack>
        <div>
          <Title order={2} fz="lg" id="your-sessions">
            Your sessions
          </Title>
          <Text size="sm" c="dimmed">
            The devices signed in to your account. End any you do not recognise.
          </Text>
        </div>
        {q.isPending ? (
          <LoadingState label="Loading your sessions..." />
        ) : q.isError ? (
          <ErrorState title="Could not load your sessions" message={q.error.message} onRetry={() => q.refetch()} />
        ) : q.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No other sessions. This device signed in before sessions were listed.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Signed-in devices">
            {q.data.map((s) => (
              <SessionRow key={s._id} s={s} onEnd={onEnd} busy={busy === s._id} />
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            variant="outline"
            color="red"
            leftSection={<IconLogout size={16} />}
            loading={everywhere.isPending}
            onClick={onEverywhere}
          >
            Log out everywhere
          </Button>
        </Group>
        <ChangePasswordForm />
      </Stack>
    </Card>
  );
}
