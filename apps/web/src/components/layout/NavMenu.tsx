import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import classes from './layout.module.css';
import type { NavLink } from './nav';

/** A header entry with a dropdown of pages (Sales: Visit History, Visits by Pet, Pets by Date, Day's Takings). Loaded only when signed in. */
export default function NavMenu({ link }: { link: NavLink & { children: NavLink[] } }) {
  const { pathname } = useLocation();
  const active = link.children.some((c) => c.to === pathname);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton className={`${classes.link} ${active ? classes.active : ''}`}>
          {link.label} <IconChevronDown size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {link.children.map((c) => (
          <Menu.Item key={c.to} component={Link} to={c.to}>
            {c.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
