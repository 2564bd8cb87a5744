import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { createPlanBody, NOTHING_TO_CHANGE, type SubscriptionPlan, type UpdatePlanBody, updatePlanBody } from '@pawdesk/shared';
import { z } from 'zod';
import { COUNT_INPUT, MONEY_INPUT, NumberField } from '../../../components/NumberField';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreatePlan } from '../api/create-plan';
import { useUpdatePlan } from '../api/update-plan';

/** What the plan dialog is for: a new plan of a visit type, or a change to a plan. */
export type PlanTarget =
  | { kind: 'create'; visitType: { _id: string; purpose: string } }
  | { kind: 'edit'; plan: SubscriptionPlan };

interface Values {
  visitType: string;
  name: string;
  price: number | string;
  duration: number | string;
  numberOfGroomings: number | string;
  /** Empty: no expiry. */
  validityDays: number | string;
}
type Body = z.output<typeof createPlanBody> | z.output<typeof updatePlanBody>;

const valuesOf = (target: PlanTarget): Values =>
  target.kind === 'create'
    ? { visitType: target.visitType._id, name: '', price: '', duration: 30, numberOfGroomings: 0, validityDays: '' }
    : {
        visitType: target.plan.subscriptionType._id,
        name: target.plan.name,
        price: target.plan.price,
        duration: target.plan.duration,
        numberOfGroomings: target.plan.numberOfGroomings,
        validityDays: target.plan.validityInDays ?? '',
      };

/** An empty validity is no expiry (null), as the API takes it. */
const withValidity = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && (v as Values).validityDays === '' ? { ...v, validityDays: null } : v),
    schema,
  );

/** The fields of an edit that differ from the plan. */
function changes(plan: SubscriptionPlan, body: UpdatePlanBody): UpdatePlanBody {
  const out: UpdatePlanBody = {};
  for (const k of ['name', 'price', 'duration', 'numberOfGroomings'] as const) {
    if (body[k] !== undefined && body[k] !== plan[k]) Object.assign(out, { [k]: body[k] });
  }
  if (body.validityDays !== undefined && body.validityDays !== plan.validityInDays) out.validityDays = body.validityDays;
  return out;
}

function Form({ target, onDone }: { target: PlanTarget; onDone: () => void }) {
  const schema = withValidity(target.kind === 'create' ? createPlanBody : updatePlanBody);
  const form = useZodForm<Values, Body>(schema as z.ZodType<Body>, valuesOf(target), 'onSubmit');
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const saving = create.isPending || update.isPending;
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      if (target.kind === 'create') {
        notify.success((await create.mutateAsync(body as z.output<typeof createPlanBody>)).message);
      } else {
        const change = changes(target.plan, body);
        if (Object.keys(change).length === 0) notify.info(NOTHING_TO_CHANGE);
        else notify.success((await update.mutateAsync({ id: target.plan._id, body: change })).message);
      }
      onDone();
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? Object.entries(err.errors) : [];
      for (const [field, message] of fieldErrors) {
        if (field in valuesOf(target)) form.setError(field as keyof Values, { message });
      }
      if (fieldErrors.length === 0) notify.error(serverMessage(err, 'Error saving data'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={saving}>
      <Stack gap="md">
        {errors.visitType ? (
          <Text c="red" size="sm" role="alert">
            {errors.visitType.message}
          </Text>
        ) : null}
        <TextInput label="Plan name" required data-autofocus {...fieldProps(form, 'name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberField
            control={form.control}
            name="price"
            label="Price"
            required
            error={errors.price?.message}
            {...MONEY_INPUT}
          />
          <NumberField
            control={form.control}
            name="duration"
            label="Duration (days)"
            required
            error={errors.duration?.message}
            {...COUNT_INPUT}
          />
          <NumberField
            control={form.control}
            name="numberOfGroomings"
            label="Groomings included"
            error={errors.numberOfGroomings?.message}
            {...COUNT_INPUT}
          />
          <NumberField
            control={form.control}
            name="validityDays"
            label="Validity (days)"
            description="Days a purchase stays usable once paid; empty: no expiry"
            placeholder="No expiry"
            error={errors.validityDays?.message}
            {...COUNT_INPUT}
            min={1}
          />
        </SimpleGrid>
        {target.kind === 'edit' ? (
          <Text size="xs" c="dimmed">
            Changes apply to new purchases. Subscriptions already sold keep their days and groomings left.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {target.kind === 'create' ? 'Create plan' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creates a subscription plan for a visit type, or edits one. */
export function PlanModal({ target, onClose }: { target: PlanTarget | null; onClose: () => void }) {
  const title =
    target === null ? '' : target.kind === 'create' ? `New ${target.visitType.purpose} plan` : `Edit ${target.plan.name}`;
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered size="lg">
      {target ? (
        <Form key={target.kind === 'edit' ? target.plan._id : `new-${target.visitType._id}`} target={target} onDone={onClose} />
      ) : null}
    </Modal>
  );
}
