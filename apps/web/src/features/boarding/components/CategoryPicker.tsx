import { Badge, Card, Chip, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingCottage, IconChevronRight, IconPaw, IconSchool, IconSun, IconTrees } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/states';
import type { BoardingCategory } from '../api/get-categories';

const ICON: Record<string, ReactNode> = {
  dog_park: <IconTrees size={18} aria-hidden />,
  day_school: <IconSchool size={18} aria-hidden />,
  play_school: <IconPaw size={18} aria-hidden />,
  hostel: <IconBuildingCottage size={18} aria-hidden />,
  day_care: <IconSun size={18} aria-hidden />,
};

interface Props {
  categories: BoardingCategory[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  selected: string | null;
  onSelect: (id: string) => void;
  /** Phone: a row of chips above the list instead of the left list. */
  compact: boolean;
  /** Pets in house now per category id (absent: none; undefined while loading). */
  counts?: Record<string, number>;
}

/** '2 in house' for screen readers; the badge shows the number. */
const inHouse = (n: number) => `${n} in house`;

/**
 * The categories of Deboard Pets (spec 001 §2): a left list on a wide screen, a row of chips on a phone. The
 * chosen one is marked (aria-current on the list, a checked chip on a phone).
 */
export function CategoryPicker({ categories, loading, error, onRetry, selected, onSelect, compact, counts }: Props) {
  const count = (id: string) => (counts ? (counts[id] ?? 0) : null);
  if (error && !categories) {
    return <ErrorState title="Could not load the categories" message={error.message} onRetry={onRetry} />;
  }
  if (loading || !categories) {
    return (
      <Stack gap={6} role="status" aria-label="Loading categories">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={compact ? 28 : 38} radius="md" />
        ))}
      </Stack>
    );
  }
  if (compact) {
    return (
      <Chip.Group value={selected ?? ''} onChange={(v) => onSelect(v as string)}>
        <Group gap={6} role="radiogroup" aria-label="Category">
          {categories.map((c) => (
            <Chip key={c._id} value={c._id} radius="xl" size="sm" aria-label={`${c.purpose}, ${inHouse(count(c._id) ?? 0)}`}>
              <span>{c.purpose}</span>
              {count(c._id) !== null ? <span aria-hidden> · {count(c._id)}</span> : null}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    );
  }
  return (
    <Card withBorder radius="lg" padding={6} component="nav" aria-label="Categories">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt={6} pb={4}>
        Categories
      </Text>
      {categories.map((c) => {
        const active = c._id === selected;
        return (
          <NavLink
            key={c._id}
            component="button"
            type="button"
            label={c.purpose}
            leftSection={ICON[c.code]}
            rightSection={
              <Group gap={6} wrap="nowrap">
                {count(c._id) !== null ? (
                  <Badge
                    size="sm"
                    variant={count(c._id) ? 'filled' : 'light'}
                    color={count(c._id) ? undefined : 'gray'}
                    aria-label={inHouse(count(c._id) ?? 0)}
                    data-testid={`in-house-${c.code}`}
                  >
                    {count(c._id)}
                  </Badge>
                ) : null}
                <IconChevronRight size={14} aria-hidden />
              </Group>
            }
            active={active}
            aria-current={active ? 'true' : undefined}
            onClick={() => onSelect(c._id)}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Card>
  );
}
