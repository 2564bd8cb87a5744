import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

/** A read-only link (selected on focus) with a Copy button that says Copied for a moment. */
export function CopyLinkField({ label, url, copyRef }: { label: ReactNode; url: string; copyRef?: Ref<HTMLButtonElement> }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput label={label} value={url} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            ref={copyRef}
            onClick={copy}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
