import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { DoNotServeMark } from '@pawdesk/shared';
import { formatDate } from '@pawdesk/shared';
import { IconBan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth';
import { dnsMarksQuery } from './api';

/** The red "Do not serve" badge, with the reason beside it (or in a tooltip where a list has no room). */
export function DoNotServeBadge({ mark, compact }: { mark: DoNotServeMark; compact?: boolean }) {
  const badge = (
    <Badge color="red" variant="filled" leftSection={<IconBan size={12} />} aria-label={`Do not serve: ${mark.reason}`}>
      Do not serve
    </Badge>
  );
  if (compact)
    return (
      <Tooltip label={`${mark.reason} (flagged by ${mark.by} on ${formatDate(mark.since)})`} multiline maw={320}>
        {badge}
      </Tooltip>
    );
  return (
    <Group gap={6} wrap="nowrap" align="center">
      {badge}
      <Text size="sm" c="red.8" lineClamp={2}>
        {mark.reason}
      </Text>
    </Group>
  );
}

/** The mark of a pet (its own flag first, or any of `petIds`) or its owner, from the active flags of every list. */
export function useDnsMark(petId?: string | readonly string[] | null, ownerId?: string | null): DoNotServeMark | null {
  const { user } = useAuth();
  const marks = useQuery({ ...dnsMarksQuery(), enabled: user?.role === 'staff' }).data;
  if (!marks) return null;
  const pets = typeof petId === 'string' ? [petId] : (petId ?? []);
  for (const id of pets) if (marks.pets[id]) return marks.pets[id];
  return (ownerId ? marks.owners[ownerId] : undefined) ?? null;
}

/** The badge for a pet (or pets) or owner in a staff list; nothing when not flagged. */
export function DnsListBadge({
  petId,
  ownerId,
  compact = true,
}: {
  petId?: string | readonly string[] | null;
  ownerId?: string | null;
  compact?: boolean;
}) {
  const mark = useDnsMark(petId, ownerId);
  return mark ? <DoNotServeBadge mark={mark} compact={compact} /> : null;
}
