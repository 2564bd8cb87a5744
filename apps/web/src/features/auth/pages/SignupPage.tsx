import { Button, PasswordInput, TextInput } from '@mantine/core';
import { signupBody } from '@pawdesk/shared';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, serverAnswered, serverMessage } from '../../../lib/api-client';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useSignup } from '../api/auth';
import { AuthCard } from '../components/AuthCard';

const formSchema = signupBody.omit({ role: true });
type FormValues = z.input<typeof formSchema>;

export default function SignupPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useZodForm<FormValues, z.output<typeof formSchema>>(formSchema, { fullName: '', email: '', password: '' });

  const onSubmit = form.handleSubmit((values) =>
    signup.mutate(
      { fullName: values.fullName, email: values.email, password: values.password },
      {
        onSuccess: (res) => {
          // For the login page only: signing in goes to the dashboard, which the toast must not cover (issue 18).
          notify.success(res.message || 'Account created successfully! Please login to continue.', { onlyOn: '/login' });
          navigate('/login');
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const [field, message] of Object.entries(err.errors)) {
              if (field in form.getValues()) form.setError(field as keyof FormValues, { message });
            }
          }
        },
      },
    ),
  );

  const serverError =
    signup.error && !(signup.error instanceof ApiError && Object.keys(signup.error.errors).length > 0)
      ? serverAnswered(signup.error)
        ? serverMessage(signup.error, 'Failed to create account')
        : 'Failed to create account. Please try again.'
      : null;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Register your pets, book services and track visits online."
      onSubmit={onSubmit}
      fields={
        <>
          <TextInput label="Full name" autoComplete="name" required {...fieldProps(form, 'fullName')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            description="At least 6 characters"
            {...fieldProps(form, 'password')}
          />
        </>
      }
      error={serverError}
      submit={
        <Button type="submit" loading={signup.isPending} fullWidth>
          Sign up
        </Button>
      }
      other={{ question: 'Already have an account?', link: 'Login', to: '/login' }}
    />
  );
}
