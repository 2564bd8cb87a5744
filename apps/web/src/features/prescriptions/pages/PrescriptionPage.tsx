import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Overlay,
  Portal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type AddPrescriptionInput,
  addPrescriptionBody,
  CUSTOMER_TYPE_LABEL,
  CUSTOMER_TYPES,
  type CustomerType,
  earliestFollowUpDate,
  findStockShortage,
  formatINR,
  type InventoryItem,
  isFollowUpDateAllowed,
  isId,
  PRESCRIPTION_SECTIONS,
  parseQuantity,
  prescriptionRows,
  prescriptionTotalPaise,
  pricingNote,
  RX_MESSAGES,
  todayIn,
  toPaise,
  toRupees,
} from '@pawdesk/shared';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconCreditCard, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { type PaymentChoice, PaymentModal } from '../../../components/PaymentModal';
import { ApiError, serverAnswered, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddPrescription } from '../api/add-prescription';
import { useInventoryOptions } from '../api/get-inventory-options';
import { usePetSummary } from '../api/get-pet';
import { type RxFormValues, SectionRows } from '../components/SectionRows';

const EMPTY: RxFormValues = {
  customerType: 'pvtltd',
  items: [],
  tablets: [],
  mg: [],
  ml: [],
  nextFollowUp: '',
  followUpTime: '',
  followUpPurpose: '',
  diagnosis: '',
};

const customerOptions = CUSTOMER_TYPES.map((c) => ({ value: c, label: CUSTOMER_TYPE_LABEL[c] }));

/** The request body from the form (rows keep their order; the server re-validates everything). */
function toBody(v: RxFormValues, petId: string | undefined, totalPrice: number): AddPrescriptionInput {
  const rows = (section: (typeof PRESCRIPTION_SECTIONS)[number]) =>
    v[section].map((r) => ({ id: r.id ?? '', quantity: typeof r.quantity === 'number' ? r.quantity : r.quantity.trim() }));
  return {
    petId: petId as string,
    customerType: v.customerType,
    items: rows('items'),
    tablets: rows('tablets'),
    mg: rows('mg'),
    ml: rows('ml'),
    nextFollowUp: v.nextFollowUp || null,
    followUpTime: v.followUpTime || null,
    followUpPurpose: v.followUpPurpose || null,
    diagnosis: v.diagnosis || null,
    totalPrice,
  };
}

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
  const phone = useMediaQuery('(max-width: 36em)');
  const pet = usePetSummary(petId);
  const options = useInventoryOptions();
  const save = useAddPrescription();
  const [known, setKnown] = useState<Map<string, InventoryItem>>(() => new Map());
  const [payOpen, setPayOpen] = useState(false);

  const merge = useCallback((items: InventoryItem[]) => {
    setKnown((prev) => {
      let changed = false;
      const next = new Map(prev);
      for (const i of items) {
        const old = prev.get(i._id);
        if (!old || old.updatedAt !== i.updatedAt || old.stock !== i.stock) {
          next.set(i._id, i);
          changed = true;
        }
      }
      return changed ? next : prev;
    });
  }, []);
  useEffect(() => {
    if (options.data) merge(options.data.items);
  }, [options.data, merge]);

  const form = useForm<RxFormValues>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as RxFormValues;
  const customerType = values.customerType ?? 'pvtltd';

  // The live total: recomputed whenever rows, customer type or inventory change.
  const totalPaise = useMemo(
    () =>
      prescriptionTotalPaise(
        PRESCRIPTION_SECTIONS.flatMap((s) =>
          (values[s] ?? []).map((r) => {
            const item = r?.id ? known.get(r.id) : undefined;
            return {
              prices: item
                ? { ngo: toPaise(item.unitMinRetailPriceNGO), customer: toPaise(item.unitMaxRetailPriceCustomer) }
                : undefined,
              quantity: parseQuantity(r?.quantity) ?? 0,
            };
          }),
        ),
        customerType,
      ),
    [values, known, customerType],
  );
  const total = toRupees(totalPaise);
  const tomorrow = earliestFollowUpDate(todayIn());

  /** Checks the form like the server will; shows the first problem and marks every field. */
  const check = (): AddPrescriptionInput | null => {
    form.clearErrors();
    const v = form.getValues();
    const body = toBody(v, petId, total);
    const parsed = addPrescriptionBody.safeParse({ ...body, selectedPayment: 'cash' });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path && path !== 'petId' && path !== 'selectedPayment' && path !== 'totalPrice') {
          form.setError(path as keyof RxFormValues, { message: issue.message });
        }
      }
      notify.error(parsed.error.issues[0]?.message ?? 'Please check the form');
      return null;
    }
    if (parsed.data.nextFollowUp && !isFollowUpDateAllowed(parsed.data.nextFollowUp, todayIn())) {
      form.setError('nextFollowUp', { message: RX_MESSAGES.followUpNotFuture });
      notify.error(RX_MESSAGES.followUpNotFuture);
      return null;
    }
    const shortage = findStockShortage(
      prescriptionRows(parsed.data),
      new Map([...known].map(([id, i]) => [id, { stock: i.stock, itemName: i.itemName }])),
    );
    if (shortage) {
      form.setError(`${shortage.section}.${shortage.index}.quantity` as keyof RxFormValues, { message: shortage.message });
      notify.error(shortage.message);
      return null;
    }
    return body;
  };

  const submit = (body: AddPrescriptionInput, payment: PaymentChoice | null) => {
    const withPayment = payment !== null;
    save.mutate(
      { ...body, ...(payment?.method ? { selectedPayment: payment.method } : {}) },
      {
        onSuccess: (res) => {
          setPayOpen(false);
          notify.success(withPayment ? RX_MESSAGES.saved : res.message);
          navigate('/staff/history', { state: { petId } });
        },
        onError: (err) => {
          setPayOpen(false);
          if (err instanceof ApiError) {
            for (const [field, message] of Object.entries(err.errors)) {
              if (field !== 'petId' && field !== 'totalPrice' && field !== 'selectedPayment') {
                form.setError(field as keyof RxFormValues, { message });
              }
            }
          }
          if (!withPayment) notify.error(serverMessage(err, 'Error saving prescription'));
          else if (serverAnswered(err)) notify.error(RX_MESSAGES.saveFailed(err.message));
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

  const reset = () => {
    form.reset(EMPTY);
  };

  const petLine = pet.data
    ? `${pet.data.name ?? 'Pet'}${pet.data.breed || pet.data.species ? ` (${pet.data.breed || pet.data.species})` : ''}${
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

      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="rx-followup">
        <Title order={2} fz="md" id="rx-followup" mb="sm">
          Follow-up and Diagnosis
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            type="date"
            label="Follow-up Date"
            min={tomorrow}
            {...form.register('nextFollowUp')}
            error={errors.nextFollowUp?.message}
          />
          <TextInput type="time" label="Follow-up Time" {...form.register('followUpTime')} error={errors.followUpTime?.message} />
          <TextInput
            label="Follow-up Purpose"
            placeholder="e.g. Wound check"
            maxLength={500}
            {...form.register('followUpPurpose')}
            error={errors.followUpPurpose?.message}
          />
        </SimpleGrid>
        <Textarea
          mt="md"
          label="Diagnosis"
          autosize
          minRows={2}
          maxLength={4000}
          {...form.register('diagnosis')}
          error={errors.diagnosis?.message}
        />
      </Card>

      <Card
        withBorder
        radius="lg"
        padding="md"
        shadow="md"
        style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}
        aria-live="polite"
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Total
            </Text>
            <Group gap="xs" align="baseline">
              <Text fz={{ base: 22, sm: 26 }} fw={700} data-testid="rx-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatINR(total)}
              </Text>
              <Text size="sm" c={customerType === 'NGO' ? 'teal.8' : 'dimmed'} fw={500} data-testid="rx-pricing-note">
                {pricingNote(customerType)}
              </Text>
            </Group>
          </div>
          <Group gap="sm" wrap="nowrap" style={{ flex: phone ? '1 1 100%' : undefined }}>
            <Button
              variant="default"
              leftSection={phone ? null : <IconRefresh size={16} />}
              onClick={reset}
              disabled={save.isPending}
              style={{ flex: 'none' }}
              px={phone ? 'sm' : undefined}
            >
              Reset Form
            </Button>
            <Button
              onClick={proceed}
              disabled={save.isPending}
              leftSection={phone ? null : total > 0 ? <IconCreditCard size={16} /> : <IconDeviceFloppy size={16} />}
              style={{ flex: phone ? 1 : undefined }}
              px={phone ? 'sm' : undefined}
            >
              {total > 0 ? 'Proceed to Payment' : 'Save Prescription'}
            </Button>
          </Group>
        </Group>
      </Card>

      <PaymentModal
        opened={payOpen}
        onClose={() => setPayOpen(false)}
        total={total}
        onSubmit={onPay}
        submitting={save.isPending}
      />

      {save.isPending ? (
        <Portal>
          <Overlay fixed backgroundOpacity={0.55} blur={2} zIndex={1000}>
            <Center h="100%">
              <Stack align="center" gap="sm" role="status" aria-live="assertive">
                <Loader color="white" size="lg" />
                <Text c="white" fw={600} size="lg">
                  {RX_MESSAGES.spinner}
                </Text>
              </Stack>
            </Center>
          </Overlay>
        </Portal>
      ) : null}
    </Stack>
  );
}
