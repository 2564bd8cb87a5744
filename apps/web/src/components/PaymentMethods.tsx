import { Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { formatINR } from '@pawdesk/shared/money';
import { IconBed, IconCash, IconCheck, IconCreditCard, IconLink, IconWallet } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { type DeskPaymentMethod, PAYMENT_METHOD_LABEL } from './payment-choice';

const METHOD_ICON: Record<DeskPaymentMethod, ReactNode> = {
  cash: <IconCash size={22} aria-hidden style={{ flexShrink: 0 }} />,
  payment_link: <IconLink size={22} aria-hidden style={{ flexShrink: 0 }} />,
  card: <IconCreditCard size={22} aria-hidden style={{ flexShrink: 0 }} />,
  wallet: <IconWallet size={22} aria-hidden style={{ flexShrink: 0 }} />,
  stay_bill: <IconBed size={22} aria-hidden style={{ flexShrink: 0 }} />,
};
function MethodButton({
  selected,
  icon,
  label,
  hint,
  disabled = false,
  describedBy,
  onClick,
}: {
  selected: boolean;
  icon: ReactNode;
  label: string;
  /** A second line (the wallet's balance). */
  hint?: string;
  disabled?: boolean;
  describedBy?: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={selected}
      disabled={disabled}
      aria-describedby={describedBy}
      p="md"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `2px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        opacity: disabled ? 0.55 : undefined,
        cursor: disabled ? 'not-allowed' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        {icon}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{label}</Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </div>
        {selected ? <IconCheck size={18} color="var(--mantine-primary-color-filled)" aria-hidden /> : null}
      </Group>
    </UnstyledButton>
  );
}

/**
 * The payment methods of the payment options as toggle buttons. The wallet shows the owner's balance and is
 * disabled, with the reason beneath, when it cannot pay (`walletIssue`).
 */
export function MethodGrid<M extends DeskPaymentMethod>({
  methods,
  method,
  onChoose,
  balance,
  walletIssue,
}: {
  methods: readonly M[];
  method: M | null;
  onChoose: (m: M) => void;
  balance: number | null;
  walletIssue: string | null;
}) {
  const reasonId = useId();
  return (
    <>
      <SimpleGrid
        cols={{ base: 1, xs: methods.length > 3 ? 2 : methods.length }}
        spacing="sm"
        role="group"
        aria-label="Payment method"
      >
        {methods.map((m) => (
          <MethodButton
            key={m}
            selected={method === m}
            icon={METHOD_ICON[m]}
            label={PAYMENT_METHOD_LABEL[m]}
            hint={m === 'wallet' && balance !== null ? `Balance ${formatINR(balance)}` : undefined}
            disabled={m === 'wallet' && walletIssue !== null}
            describedBy={m === 'wallet' && walletIssue ? reasonId : undefined}
            onClick={() => onChoose(m)}
          />
        ))}
      </SimpleGrid>
      {walletIssue ? (
        <Text size="xs" c="dimmed" id={reasonId} data-testid="wallet-reason">
          Wallet: {walletIssue}
        </Text>
      ) : null}
    </>
  );
}
