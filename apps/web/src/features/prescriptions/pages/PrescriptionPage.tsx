import { Alert, Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import {
  type AddPrescriptionInput,
  breedLabel,
  CUSTOMER_TYPE_LABEL,
  CUSTOMER_TYPES,
  type CustomerType,
  isId,
  PRESCRIPTION_SECTIONS,
  RX_MESSAGES,
  toRupees,
} from '@pawdesk/shared';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { type PaymentChoice, PaymentModal } from '../../../components/PaymentModal';
import { ApiError, serverAnswered, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddPrescription } from '../api/add-prescription';
import { useInventoryOptions } from '../api/get-inventory-options';
import { usePetSummary } from '../api/get-pet';
import { FollowUpCard } from '../components/FollowUpCard';
import { SavingOverlay } from '../components/SavingOverlay';
import { type RxFormValues, SectionRows } from '../components/SectionRows';
import { TotalBar } from '../components/TotalBar';
import { useKnownItems } from '../components/use-known-items';
import { checkRx, EMPTY_RX, NOT_ON_FORM, previewTotalPaise } from '../rx-form';

const customerOptions = CUSTOMER_TYPES.map((c) => ({ value: c, label: CUSTOMER_TYPE_LABEL[c] }));

/** Every navigation to the form (another pet, another visit) starts a fresh form. */
export default function PrescriptionPage() {
  const location = useLocation();
  return <PrescriptionForm key={location.key} />;
}

/**
 * Veterinary Prescription Form (spec 000 §2). The pet id comes through
 * navigation state. The live total is a preview: the server recomputes it
 * from its own prices, checks stock and records the payment.
 */
function PrescriptionForm() {
  const state = useLocation().state as { petId?: unknown } | null;
  const petId = isId(state?.petId) ? state.petId : undefined;
  const navigate = useNavigate();
  const pet = usePetSummary(petId);
  const options = useInventoryOptions();
  const save = useAddPrescription();
  const { known, merge } = useKnownItems(options.data);
  const [payOpen, setPayOpen] = useState(false);

  const form = useForm<RxFormValues>({ defaultValues: EMPTY_RX });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as RxFormValues;
  const customerType = values.customerType ?? 'pvtltd';

  // The live total: recomputed whenever rows, customer type or inventory change.
  const total = toRupees(useMemo(() => previewTotalPaise(values, known), [values, known]));

  /** Checks the form like the server will; shows the first problem and marks every field. */
  const check = () => {
    form.clearErrors();
    const result = checkRx(form.getValues(), petId, total, known);
    if (result.ok) return result.body;
    for (const [path, message] of result.fieldErrors) form.setError(path as keyof RxFormValues, { message });
    notify.invalid(result.message);
    return null;
  };

  const submit = (body: AddPrescriptionInput, payment: PaymentChoice | null) => {
    const withPayment = payment !== null;
    save.mutate(
      { ...body, ...(payment?.method ? { selectedPayment: payment.method } : {}) },
      {
        onSuccess: (res) => {
          setPayOpen(false);
          // A payment link is money asked for, not received: the server's message says so (and whether it was emailed).
          const asked = res.prescription.payment?.status === 'pending';
          notify.success(withPayment && !asked ? RX_MESSAGES.saved : res.message);
          navigate('/staff/history', { state: { petId } });
        },
        onError: (err) => {
          setPayOpen(false);
          if (err instanceof ApiError) {
            for (const [field, message] of Object.entries(err.errors)) {
              if (!NOT_ON_FORM.has(field)) form.setError(field as keyof RxFormValues, { message });
            }
          }
          if (!withPayment) notify.error(serverMessage(err, 'Error saving prescription'), err);
          else if (serverAnswered(err)) notify.error(RX_MESSAGES.saveFailed(err.message), err);
          else notify.error(RX_MESSAGES.saveError);
        },
      },
    );
  };

  const proceed = () => {
    const body = check();
    if (!body) return;
    if (total > 0) setPayOpen(true);
    else submit(body, null);
  };

  const onPay = (choice: PaymentChoice) => {
    const body = check();
    if (!body) {
      setPayOpen(false);
      return;
    }
    submit(body, choice);
  };

  const petLine = pet.data
    ? `${pet.data.name ?? 'Pet'}${breedLabel(pet.data) ? ` (${breedLabel(pet.data)})` : ''}${
        pet.data.owner?.name ? ` · Owner: ${pet.data.owner.name}` : ''
      }`
    : null;

  return (
    <Stack gap="md" maw={980} pb={96}>
      <PageHeader
        title="Veterinary Prescription Form"
        subtitle={petLine ?? 'Medicines, vaccines and supplies for a pet, with follow-up and diagnosis'}
        actions={
          <Button component={Link} to="/staff/history" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Pet Records
          </Button>
        }
      />

      {!petId ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="No pet selected" role="alert">
          {RX_MESSAGES.petRequired} Open the pet in Pet Records and choose Add Prescription.
        </Alert>
      ) : pet.error instanceof ApiError && pet.error.status === 404 ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {RX_MESSAGES.petNotFound}
        </Alert>
      ) : null}
      {options.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load the inventory" role="alert">
          <Group gap="sm">
            <Text size="sm">{options.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => options.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Card withBorder radius="lg" padding="md">
        <Controller
          control={form.control}
          name="customerType"
          render={({ field }) => (
            <Select
              label="Customer Type"
              required
              data={customerOptions}
              allowDeselect={false}
              value={field.value}
              onChange={(v) => field.onChange((v ?? 'pvtltd') as CustomerType)}
              maw={320}
            />
          )}
        />
      </Card>

      {options.isPending ? (
        <Card withBorder radius="lg" padding="md">
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading inventory...
            </Text>
          </Group>
        </Card>
      ) : null}

      {PRESCRIPTION_SECTIONS.map((s) => (
        <SectionRows key={s} section={s} control={form.control} errors={errors} known={known} onFound={merge} />
      ))}

      <FollowUpCard form={form} />

      <TotalBar
        total={total}
        customerType={customerType}
        saving={save.isPending}
        onReset={() => form.reset(EMPTY_RX)}
        onProceed={proceed}
      />

      <PaymentModal
        opened={payOpen}
        onClose={() => setPayOpen(false)}
        total={total}
        onSubmit={onPay}
        submitting={save.isPending}
      />

      {save.isPending ? <SavingOverlay /> : null}
    </Stack>
  );
}
