import { Box, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { breedLabel, type Pet } from '@pawdesk/shared';
import { CareWarningBadges } from './CareWarningBadges';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { DnsListBadge } from './donotserve/DoNotServeBadge';
import { PetAvatar } from './media/AuthImage';
import classes from './PetList.module.css';

export interface PetListProps {
  pets: Pet[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Accessible name of the list. */
  label: string;
  /** A lower cap on the list's height (a picker above other content), e.g. '40vh'. */
  maxHeight?: string;
}

/**
 * The All Pets list (Pet Records; the pet picker of /staff/salesSection): virtualised (only the visible rows are in the page) and
 * loading the next page as the end comes into view. Arrow keys move between pets.
 */
export function PetList({
  pets,
  selectedId,
  onSelect,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label,
  maxHeight,
}: PetListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = hasNextPage ? pets.length + 1 : pets.length;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 62,
    overscan: 10,
    getItemKey: (i) => pets[i]?._id ?? `loader-${i}`,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= pets.length - 10) fetchNextPage();
  }, [lastIndex, pets.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const focusRow = (index: number) => {
    const i = Math.max(0, Math.min(pets.length - 1, index));
    virtualizer.scrollToIndex(i, { align: 'auto' });
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLButtonElement>(`[data-row="${i}"]`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = Number((e.target as HTMLElement).dataset.row);
    if (Number.isNaN(row)) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusRow(row + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusRow(row - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusRow(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusRow(pets.length - 1);
    }
  };

  return (
    <Box ref={scrollRef} className={classes.listScroll} style={maxHeight ? { maxHeight } : undefined} onKeyDown={onKeyDown}>
      <div role="list" aria-label={label} style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => {
          const pet = pets[item.index];
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {pet ? (
                <UnstyledButton
                  className={classes.row}
                  data-row={item.index}
                  data-selected={pet._id === selectedId || undefined}
                  aria-current={pet._id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(pet._id)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <PetAvatar photo={pet.photo} name={pet.name} size={36} radius="xl" variant="light" />
                    <Box style={{ minWidth: 0, flex: 1 }}>
                      <Group gap={6} wrap="nowrap" justify="space-between">
                        <Text fw={600} size="sm" truncate>
                          {pet.name}
                        </Text>
                        <DnsListBadge petId={pet._id} ownerId={pet.owner._id} />
                        <CareWarningBadges warnings={pet.careWarnings} compact />
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        {breedLabel(pet)} - Owner: {pet.owner.name}
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              ) : (
                <Center py="sm" role="status">
                  <Loader size="sm" />
                  <Text size="xs" c="dimmed" ml="xs">
                    Loading more pets...
                  </Text>
                </Center>
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
