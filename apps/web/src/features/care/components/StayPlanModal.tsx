import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CareWarningBadges } from '../../../components/CareWarningBadges';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSavePlanToPet, useSaveStayPlan, useStayPlan } from '../api/care-api';
import { CareInstructionsEditor } from './CareInstructionsEditor';

/**
 * A stay's care plan (issue 20): edited for this stay only (the pet's standing instructions do not change), with an
 * explicit "Save to the pet" that makes the plan the pet's instructions. A closed stay's plan is read-only.
 */
export function StayPlanModal({ boardingId, petName, onClose }: { boardingId: string; petName: string; onClose: () => void }) {
  const plan = useStayPlan(boardingId);
  const save = useSaveStayPlan(boardingId);
  const back = useSavePlanToPet(boardingId);
  return (
    <Modal opened onClose={onClose} title={`Care plan: ${petName}`} size="xl" fullScreen={false}>
      {plan.isPending ? (
        <LoadingState />
      ) : plan.isError ? (
        <ErrorState message={errorMessage(plan.error, 'Could not load the care plan')} onRetry={() => plan.refetch()} />
      ) : (
        <Stack gap="sm">
          <CareWarningBadges warnings={plan.data.warnings} />
          <Text size="sm" c="dimmed">
            Changes here are for this stay only.
          </Text>
          {plan.data.closed ? (
            <Alert color="gray">This stay has ended: its care plan can no longer change.</Alert>
          ) : (
            <>
              <CareInstructionsEditor
                key={plan.dataUpdatedAt}
                slots={plan.data.slots}
                items={plan.data.items}
                withProfile={false}
                saving={save.isPending}
                saveLabel="Save plan"
                onCancel={onClose}
                onSave={(v) =>
                  save.mutate(
                    { items: v.items },
                    {
                      onSuccess: (r) => notify.success(r.message ?? 'Care plan saved'),
                      onError: (err) => notify.error(errorMessage(err, 'Could not save the care plan'), err),
                    },
                  )
                }
              />
              <Group justify="flex-start">
                <Button
                  variant="subtle"
                  loading={back.isPending}
                  onClick={() =>
                    back.mutate(undefined, {
                      onSuccess: (r) => notify.success(r.message ?? 'Saved to the pet'),
                      onError: (err) => notify.error(errorMessage(err, 'Could not save to the pet'), err),
                    })
                  }
                >
                  Save this plan to the pet’s instructions
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
