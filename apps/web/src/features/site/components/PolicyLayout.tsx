import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './site.module.css';

/** The date shown on every policy page; change it when a policy's text changes. */
export const POLICIES_LAST_UPDATED = '1 November 2026';

export interface PolicySection {
  /** Anchor id, also used for the in-page contents list. */
  id: string;
  title: string;
  body: ReactNode;
}

/** The shared frame of the policy pages: one h1, last-updated date, an introduction and sections (h2) with an in-page contents list. */
export function PolicyLayout({
  title,
  icon,
  lastUpdated,
  intro,
  sections,
  closing,
}: {
  title: string;
  icon: ReactNode;
  lastUpdated: string;
  intro: ReactNode;
  sections: PolicySection[];
  closing?: ReactNode;
}) {
  return (
    <article className={`${classes.policyBody} ${classes.page}`} aria-labelledby="policy-title">
      <header className={classes.policyHero}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="md" variant="white" color="orange" visibleFrom="xs">
            {icon}
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={1} id="policy-title" fz={{ base: 28, sm: 36 }} lh={1.15}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              Last updated: {lastUpdated}
            </Text>
          </Stack>
        </Group>
        <Text mt="md" c="dark.6" lh={1.7}>
          {intro}
        </Text>
      </header>

      <nav aria-label="On this page">
        <Text size="sm" fw={600} mb={6}>
          On this page
        </Text>
        <Group gap="xs" wrap="wrap" mb="xl">
          {sections.map((s) => (
            <a key={s.id} href={`#${s.id}`} className={classes.tocLink}>
              {s.title}
            </a>
          ))}
        </Group>
      </nav>

      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className={classes.policySection}>
          <Title order={2} id={`${s.id}-title`} fz={{ base: 20, sm: 22 }} mb="sm">
            {s.title}
          </Title>
          <div>{s.body}</div>
        </section>
      ))}

      {closing ? <div className={classes.closing}>{closing}</div> : null}
    </article>
  );
}
