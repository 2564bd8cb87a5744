import { type MantineSize, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One item of a business contact list (home and Contact Us pages): an icon, a bold label and the details under it. */
export function ContactDetail({
  icon: Icon,
  label,
  labelSize,
  children,
}: {
  icon: TablerIcon;
  label: string;
  labelSize?: MantineSize;
  children: ReactNode;
}) {
  return (
    <li>
      <ThemeIcon size={36} radius="md" variant="light">
        <Icon size={20} aria-hidden />
      </ThemeIcon>
      <div>
        <Text fw={600} size={labelSize}>
          {label}
        </Text>
        {children}
      </div>
    </li>
  );
}
