import { Kbd } from '@mantine/core';
import classes from './ShortcutKey.module.css';

/** The badge of a keyboard shortcut ('/' to search), shown only on screens with a keyboard and a mouse. */
export function ShortcutKey({ keys }: { keys: string }) {
  return (
    <Kbd size="xs" className={classes.key} data-testid="shortcut-key" aria-hidden>
      {keys}
    </Kbd>
  );
}
