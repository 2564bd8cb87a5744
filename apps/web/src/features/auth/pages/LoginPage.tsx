import { Button, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import type { Role } from '@pawdesk/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { afterLogin, auth, SESSION_EXPIRED } from '../../../lib/auth';
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
