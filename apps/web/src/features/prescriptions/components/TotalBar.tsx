import { Button, Card, Group, Text } from '@mantine/core';
import { type CustomerType, formatINR, pricingNote } from '@pawdesk/shared';
import { useMediaQuery } from '@mantine/hooks';
import { IconCreditCard, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';

/** The sticky bar with the live total, the pricing note, Reset Form and Proceed to Payment (or Save Prescription when free). */
export function TotalBar({
  total,
  customerType,
  saving,
  onReset,
  onProceed,
}: {
  total: number;
  customerType: CustomerType;
  saving: boolean;
  onReset: () => void;
  onProceed: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
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
            onClick={onReset}
            disabled={saving}
            style={{ flex: 'none' }}
            px={phone ? 'sm' : undefined}
          >
            Reset Form
          </Button>
          <Button
            onClick={onProceed}
            disabled={saving}
            leftSection={phone ? null : total > 0 ? <IconCreditCard size={16} /> : <IconDeviceFloppy size={16} />}
            style={{ flex: phone ? 1 : undefined }}
            px={phone ? 'sm' : undefined}
          >
            {total > 0 ? 'Proceed to Payment' : 'Save Prescription'}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
