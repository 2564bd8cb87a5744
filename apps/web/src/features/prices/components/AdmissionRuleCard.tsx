import { Button, Card, Group, List, Stack, TagsInput, Text } from '@mantine/core';
import { CORE_VACCINES_SAVED, coreVaccinesBody, MAX_CORE_VACCINES, MIN_AGE_MONTHS } from '@pawdesk/shared';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCoreVaccines, useSaveCoreVaccines } from '../api/core-vaccines';

const SAVE_FAILED = 'Could not save the core vaccines';

/**
 * The boarding admission rule on the price screen: the rule stated, and the core vaccines an admin edits (1 to 10
 * names; a record whose name contains a core name covers it, e.g. 'DHPPiL' covers 'DHPP').
 */
export function AdmissionRuleCard() {
  const core = useCoreVaccines();
  const save = useSaveCoreVaccines();
  const [names, setNames] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved = core.data?.names ?? [];
  useEffect(() => {
    if (core.data && names === null) setNames(core.data.names);
  }, [core.data, names]);

  if (core.isPending) return <LoadingState label="Loading the admission rule..." />;
  if (!core.data) return <ErrorState message={core.error?.message ?? ''} onRetry={() => void core.refetch()} />;

  const value = names ?? saved;
  const changed = value.length !== saved.length || value.some((n, i) => n !== saved[i]);
  const onSave = () => {
    const parsed = coreVaccinesBody.safeParse({ names: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SAVE_FAILED);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (res) => {
        setNames(res.names);
        notify.success(res.message ?? CORE_VACCINES_SAVED);
      },
      onError: (err) => {
        const message = serverMessage(err, SAVE_FAILED);
        setError(message);
        notify.error(message);
      },
    });
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Text size="sm">Boarding (Hostel, Day Care, Day School, Play School, Dog Park) warns staff when a dog:</Text>
        <List size="sm" spacing={2}>
          <List.Item>is under {MIN_AGE_MONTHS} months old (by its date of birth, when known);</List.Item>
          <List.Item>has no record of a core vaccine;</List.Item>
          <List.Item>has a core vaccine whose latest next due date has passed (and no dose given since).</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          A record without dates counts as present. A record whose name contains a core name covers it (any case): 'DHPPiL' covers
          DHPP. Staff may board anyway by ticking 'I have checked and accept this pet'; who and when are recorded.
        </Text>
        <TagsInput
          label="Core vaccines"
          description={`1 to ${MAX_CORE_VACCINES} names; press Enter after each`}
          value={value}
          onChange={(v) => {
            setNames(v);
            setError(null);
          }}
          maxTags={MAX_CORE_VACCINES}
          splitChars={[',']}
          clearable
          error={error}
          maw={560}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={!changed || save.isPending} onClick={() => setNames(saved)}>
            Reset
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!changed}>
            Save core vaccines
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
