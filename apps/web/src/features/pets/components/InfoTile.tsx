import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './pets.module.css';

interface InfoTileProps extends UnstyledButtonProps {
  icon: TablerIcon;
  title: string;
  hint: ReactNode;
  onClick: () => void;
}

/** A tile of the pet details that opens more (vaccinations, subscriptions): an icon, a title and a dimmed hint. */
export function InfoTile({ icon: Icon, title, hint, onClick, ...box }: InfoTileProps) {
  return (
    <UnstyledButton className={classes.tile} onClick={onClick} {...box}>
      <Group gap="sm" wrap="nowrap">
        <Icon size={22} color="var(--mantine-color-orange-8)" aria-hidden />
        <div>
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
