import { Button, Group } from '@mantine/core';

/** The Reset and Save buttons of a settings card (Prices screen): both idle until something changed. */
export function SettingsActions({
  changed,
  saving,
  onReset,
  onSave,
  saveLabel,
}: {
  changed: boolean;
  saving: boolean;
  onReset: () => void;
  onSave: () => void;
  saveLabel: string;
}) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" disabled={!changed || saving} onClick={onReset}>
        Reset
      </Button>
      <Button onClick={onSave} loading={saving} disabled={!changed}>
        {saveLabel}
      </Button>
    </Group>
  );
}
