import { Button, Divider, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  type AdminVisitType,
  CAPACITY_LABEL,
  NOTHING_TO_CHANGE,
  PRICE_FIELDS,
  type PriceField,
  type UpdateVisitTypeBody,
  updateVisitTypeBody,
} from '@pawdesk/shared';
import { Controller } from 'react-hook-form';
import { GstFields } from '../../../components/gst/GstFields';
import { COUNT_INPUT, MONEY_INPUT, NumberField } from '../../../components/NumberField';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useUpdateVisitType } from '../api/update-visit-type';
import { hasConsultations } from './VisitTypesTable';

/** `capacity`: boarding types only; null (an empty field) is no limit. */
type Values = {
  purpose: string;
  active: boolean;
  capacity?: number | null;
  /** GST (issue 17): '' for no SAC code. */
  sacCode: string;
  gstRate: number;
  gstExempt: boolean;
  priceIncludesTax: boolean;
} & Record<PriceField, number | string>;

const BASIC: PriceField[] = ['price', 'halfdayPrice'];
const CONSULTATION: PriceField[] = [
  'consultationPricePvt',
  'consultationPricePvtEmergency',
  'consultationPriceNgo',
  'consultationPriceNgoEmergency',
];

const valuesOf = (t: AdminVisitType): Values => ({
  purpose: t.purpose,
  active: t.active,
  ...(t.isBoarding ? { capacity: t.capacity } : {}),
  sacCode: t.sacCode ?? '',
  gstRate: t.gstRate,
  gstExempt: t.gstExempt,
  priceIncludesTax: t.priceIncludesTax,
  ...(Object.fromEntries([...BASIC, ...CONSULTATION].map((f) => [f, t[f]])) as Record<PriceField, number>),
});

/** Only the fields that differ from the visit type, so the change history shows what was meant. */
function changes(t: AdminVisitType, body: UpdateVisitTypeBody): UpdateVisitTypeBody {
  return Object.fromEntries(
    Object.entries(body).filter(([k, v]) => v !== undefined && v !== t[k as keyof AdminVisitType]),
  ) as UpdateVisitTypeBody;
}

function Form({ type, onDone }: { type: AdminVisitType; onDone: () => void }) {
  const form = useZodForm<Values, UpdateVisitTypeBody>(updateVisitTypeBody, valuesOf(type), 'onSubmit');
  const save = useUpdateVisitType();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    const change = changes(type, body);
    if (Object.keys(change).length === 0) {
      notify.info(NOTHING_TO_CHANGE);
      onDone();
      return;
    }
    try {
      const res = await save.mutateAsync({ id: type._id, body: change });
      notify.success(res.message);
      onDone();
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? Object.entries(err.errors) : [];
      for (const [field, message] of fieldErrors) {
        if (field in valuesOf(type)) form.setError(field as keyof Values, { message });
      }
      if (fieldErrors.length === 0) notify.error(serverMessage(err, 'Error saving data'));
    }
  });

  const money = (f: PriceField) => (
    <NumberField key={f} control={form.control} name={f} label={PRICE_FIELDS[f]} error={errors[f]?.message} {...MONEY_INPUT} />
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending}>
      <Stack gap="md">
        <TextInput
          label="Purpose"
          description={`Shown on screens and receipts. Its code (${type.code}) never changes.`}
          required
          {...fieldProps(form, 'purpose')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {BASIC.map(money)}
        </SimpleGrid>
        {type.isBoarding ? (
          <Controller
            control={form.control}
            name="capacity"
            render={({ field }) => (
              <NumberInput
                {...COUNT_INPUT}
                label={CAPACITY_LABEL}
                description="Pets it holds at once. Empty: no limit."
                placeholder="No limit"
                value={field.value ?? ''}
                onChange={(v) => field.onChange(v === '' ? null : v)}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.capacity?.message}
                maw={{ xs: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
              />
            )}
          />
        ) : null}
        {hasConsultations(type) ? (
          <>
            <Text size="sm" fw={600}>
              Consultation prices by customer type
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {CONSULTATION.map(money)}
            </SimpleGrid>
          </>
        ) : null}
        <Divider />
        <Text size="sm" fw={600}>
          GST
        </Text>
        <GstFields
          control={form.control}
          codeName="sacCode"
          kind="SAC"
          currentRate={type.gstRate}
          errors={{
            code: errors.sacCode?.message,
            gstRate: errors.gstRate?.message,
            gstExempt: errors.gstExempt?.message,
            priceIncludesTax: errors.priceIncludesTax?.message,
          }}
        />
        <Divider />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label="Offered"
              description="Visit types not offered are left out of New Visit and booking."
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              name={field.name}
            />
          )}
        />
        <Text size="xs" c="dimmed">
          New prices apply to new visits only; visits already saved keep their price.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edits a visit type's prices, display name and availability, validated with the shared schema. */
export function VisitTypeModal({ type, onClose }: { type: AdminVisitType | null; onClose: () => void }) {
  return (
    <Modal opened={type !== null} onClose={onClose} title={type ? `Edit ${type.purpose}` : ''} centered size="lg">
      {type ? <Form key={type._id} type={type} onDone={onClose} /> : null}
    </Modal>
  );
}
