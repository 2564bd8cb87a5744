import { Alert, Button, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { serverAnswered, serverMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/auth';
import { AuthCard } from '../components/AuthCard';

/** /forgot-password: asks for a reset link by email; the answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setFieldError('Email is required');
    setFieldError(null);
    forgot.mutate({ email: value });
  };

  const error = forgot.error
    ? serverAnswered(forgot.error)
      ? serverMessage(forgot.error, 'Could not send the link')
      : 'Network error. Please try again.'
    : null;

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you sign in with. We will email you a link to choose a new password."
      onSubmit={submit}
      fields={
        forgot.isSuccess ? (
          <Alert color="teal" icon={<IconMailCheck />} role="status" title="Check your email">
            {forgot.data.message}
          </Alert>
        ) : (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={fieldError}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        )
      }
      error={error}
      errorIcon={<IconAlertCircle />}
      submit={
        forgot.isSuccess ? (
          <Button variant="default" fullWidth onClick={() => forgot.reset()}>
            Send another link
          </Button>
        ) : (
          <Button type="submit" loading={forgot.isPending} fullWidth>
            Send reset link
          </Button>
        )
      }
      other={{ question: 'Remembered it?', link: 'Back to login', to: '/login' }}
    />
  );
}
