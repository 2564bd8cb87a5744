import { Alert, Anchor, Button, Group, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import type { Role } from '@pawdesk/shared';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { afterLogin, auth, LOGIN_TO_CONTINUE, SESSION_EXPIRED, sameSitePath } from '../../../lib/auth';
import { useLogin } from '../api/auth';
import { AuthCard } from '../components/AuthCard';

export default function LoginPage() {
  const [role, setRole] = useState<Role | ''>('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const [expired] = useState(auth.sessionExpired);
  const ready = role !== '' && email.trim() !== '' && password !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    login.mutate(
      { role, email: email.trim(), password },
      { onSuccess: (res) => navigate(afterLogin(res.user.role, from), { replace: true }) },
    );
  };

  const error = login.error
    ? login.error instanceof ApiError
      ? login.error.status === 0
        ? 'Network error'
        : login.error.message || 'Login failed'
      : 'Login failed'
    : expired
      ? SESSION_EXPIRED
      : null;

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to manage your pets and bookings."
      onSubmit={submit}
      fields={
        <>
          {/* Sent here from a signed-in page: say why (not when the session expired: that message says it). */}
          {sameSitePath(from) && !expired && !login.error ? (
            <Alert color="blue" icon={<IconLock />} role="status">
              {LOGIN_TO_CONTINUE}
            </Alert>
          ) : null}
          <Radio.Group label="I am a" value={role} onChange={(v) => setRole(v as Role)} required>
            <Stack gap="xs" mt={6}>
              <Radio value="staff" label="Staff Member" />
              <Radio value="customer" label="Pet Owner" />
            </Stack>
          </Radio.Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        </>
      }
      error={error}
      errorIcon={<IconAlertCircle />}
      submit={
        <Button type="submit" disabled={!ready} loading={login.isPending} fullWidth>
          Login
        </Button>
      }
      other={{ question: 'New here?', link: 'Create an account', to: '/signup' }}
    />
  );
}
