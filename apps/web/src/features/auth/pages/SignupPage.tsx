import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { signupBody } from '@pawdesk/shared';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSignup } from '../api/auth';

const formSchema = signupBody.omit({ role: true });
type FormValues = z.input<typeof formSchema>;

export default function SignupPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { fullName: '', email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signup.mutate(
      { fullName: values.fullName, email: values.email, password: values.password },
      {
        onSuccess: (res) => {
          notify.success(res.message || 'Account created successfully! Please login to continue.');
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
      ? signup.error instanceof ApiError && signup.error.status !== 0
        ? signup.error.message || 'Failed to create account'
        : 'Failed to create account. Please try again.'
      : null;

  return (
    <Card withBorder shadow="sm" radius="lg" padding="xl" maw={440} mx="auto" my="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <div>
            <Title order={1} fz={26}>
              Create your account
            </Title>
            <Text c="dimmed" size="sm">
              Register your pets, book services and track visits online.
            </Text>
          </div>
          <TextInput
            label="Full name"
            autoComplete="name"
            required
            {...form.register('fullName')}
            error={errors.fullName?.message}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.register('email')}
            error={errors.email?.message}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            description="At least 6 characters"
            {...form.register('password')}
            error={errors.password?.message}
          />
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Button type="submit" loading={signup.isPending} fullWidth>
            Sign up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
