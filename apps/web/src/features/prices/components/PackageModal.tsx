import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type AdminVisitType,
  createPackageBody,
  NOTHING_TO_CHANGE,
  PACKAGE_BOARDING_CODES,
  type PackageOffer,
  type UpdatePackageBody,
  updatePackageBody,
} from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { COUNT_INPUT, MONEY_INPUT, NumberField } from '../../../components/NumberField';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreatePackage, useUpdatePackage } from '../api/packages';
import { firstDayShare } from './package-rules';

/** What the package dialog is for: a new boarding package, or a change to one. */
export type PackageTarget = { kind: 'create' } | { kind: 'edit'; offer: PackageOffer };

interface Values {
  name: string;
  boardingType: string;
  days: number | string;
  price: number | string;
}
type Body = z.output<typeof createPackageBody> | z.output<typeof updatePackageBody>;

const valuesOf = (target: PackageTarget, types: AdminVisitType[]): Values =>
  target.kind === 'create'
    ? { name: '', boardingType: types.find((t) => t.code === 'hostel')?._id ?? '', days: 15, price: '' }
    : {
        name: target.offer.name,
        boardingType: target.offer.boardingType._id,
        days: target.offer.days,
        price: target.offer.price,
      };

/** The fields of an edit that differ from the offer. */
function changes(offer: PackageOffer, body: UpdatePackageBody): UpdatePackageBody {
  const out: UpdatePackageBody = {};
  if (body.name !== undefined && body.name !== offer.name) out.name = body.name;
  if (body.boardingType !== undefined && body.boardingType !== offer.boardingType._id) out.boardingType = body.boardingType;
  if (body.days !== undefined && body.days !== offer.days) out.days = body.days;
  if (body.price !== undefined && body.price !== offer.price) out.price = body.price;
  return out;
}

function Form({ target, types, onDone }: { target: PackageTarget; types: AdminVisitType[]; onDone: () => void }) {
  const schema = target.kind === 'create' ? createPackageBody : updatePackageBody;
  const form = useZodForm<Values, Body>(schema as z.ZodType<Body>, valuesOf(target, types), 'onSubmit');
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const saving = create.isPending || update.isPending;
  const { errors } = form.formState;
  const boardingTypes = types.filter((t) => PACKAGE_BOARDING_CODES.includes(t.code));
  const [price, days] = form.watch(['price', 'days']);
  const share = firstDayShare(Number(price), Number(days));

  const submit = form.handleSubmit(async (body) => {
    try {
      if (target.kind === 'create') {
        notify.success((await create.mutateAsync(body as z.output<typeof createPackageBody>)).message);
      } else {
        const change = changes(target.offer, body);
        if (Object.keys(change).length === 0) notify.info(NOTHING_TO_CHANGE);
        else notify.success((await update.mutateAsync({ id: target.offer._id, body: change })).message);
      }
      onDone();
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? Object.entries(err.errors) : [];
      for (const [field, message] of fieldErrors) {
        if (field in valuesOf(target, types)) form.setError(field as keyof Values, { message });
      }
      if (fieldErrors.length === 0) notify.error(serverMessage(err, 'Error saving data'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={saving}>
      <Stack gap="md">
        <TextInput label="Package name" required data-autofocus {...fieldProps(form, 'name')} />
        <Controller
          control={form.control}
          name="boardingType"
          render={({ field }) => (
            <Select
              label="Boarding type"
              required
              data={boardingTypes.map((t) => ({ value: t._id, label: t.purpose }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={errors.boardingType?.message}
              allowDeselect={false}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberField control={form.control} name="days" label="Days" required error={errors.days?.message} {...COUNT_INPUT} />
          <NumberField
            control={form.control}
            name="price"
            label="Price per pet"
            required
            error={errors.price?.message}
            {...MONEY_INPUT}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="package-share">
          {share
            ? `Charged from the wallet one day at a time: ${formatINR(share.low)}${share.high !== share.low ? ` or ${formatINR(share.high)}` : ''} a day per pet, ${formatINR(Number(price))} over ${days} days exactly.`
            : 'Charged from the wallet one day at a time, per pet.'}
        </Text>
        {target.kind === 'edit' ? (
          <Text size="xs" c="dimmed">
            Changes apply to new activations. Packages already activated keep their days and price.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {target.kind === 'create' ? 'Create package' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creates a boarding package or edits one (admins; audited). */
export function PackageModal({
  target,
  types,
  onClose,
}: {
  target: PackageTarget | null;
  types: AdminVisitType[];
  onClose: () => void;
}) {
  const title = target === null ? '' : target.kind === 'create' ? 'New boarding package' : `Edit ${target.offer.name}`;
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered size="lg">
      {target ? (
        <Form key={target.kind === 'edit' ? target.offer._id : 'new'} target={target} types={types} onDone={onClose} />
      ) : null}
    </Modal>
  );
}
