import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthCardProps {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields and, last, the submit button; the server's error shows between them. */
  fields: ReactNode;
  submit: ReactNode;
  error: string | null;
  errorIcon?: ReactNode;
  /** The way to the other form, e.g. 'New here?' with 'Create an account' to '/signup'. */
  other: { question: string; link: string; to: string };
}

/** The login and sign-up card: a heading, the form, its error and a link to the other form. */
export function AuthCard({ title, subtitle, onSubmit, fields, submit, error, errorIcon, other }: AuthCardProps) {
  return (
    <Card withBorder shadow="sm" radius="lg" padding="xl" maw={440} mx="auto" my="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </div>
          {fields}
          {error ? (
            <Alert color="red" icon={errorIcon} role="alert">
              {error}
            </Alert>
          ) : null}
          {submit}
          <Text size="sm" ta="center">
            {other.question}{' '}
            <Anchor component={Link} to={other.to}>
              {other.link}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
