import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { queryRoots } from '../../../../lib/query-keys';
import { BUY_MESSAGES } from './buy-plan';

interface Notice {
  color: string;
  icon: ReactNode;
  title: string;
  body: string;
  refresh?: boolean;
}

/**
 * What the page says after the checkout: the success address redirects here with `?paid=1` (`&topup=1` for the
 * wallet), `?pending=1` (not captured yet) or `?failed=1`; the wallet's cancel address is `?cancelled=1`.
 */
export function returnNotice(params: URLSearchParams): Notice | null {
  const topup = params.get('topup') === '1';
  if (params.get('paid') === '1')
    return topup
      ? {
          color: 'teal',
          icon: <IconCircleCheck size={18} />,
          title: 'Wallet topped up',
          body: 'Payment successful. The money is in your wallet.',
        }
      : {
          color: 'teal',
          icon: <IconCircleCheck size={18} />,
          title: 'Subscription purchased',
          body: BUY_MESSAGES.purchased,
        };
  if (params.get('pending') === '1')
    return {
      color: 'blue',
      icon: <IconClock size={18} />,
      title: 'Confirming your payment',
      body: 'The payment provider has not confirmed the payment yet. It shows here as soon as it is confirmed, and it is never charged twice.',
      refresh: true,
    };
  if (params.get('failed') === '1')
    return {
      color: 'red',
      icon: <IconAlertTriangle size={18} />,
      title: topup ? 'Top-up failed' : BUY_MESSAGES.failed,
      body: 'The payment was not completed, so nothing was charged. Please try again.',
    };
  if (params.get('cancelled') === '1')
    return {
      color: 'gray',
      icon: <IconInfoCircle size={18} />,
      title: 'Payment cancelled',
      body: 'The checkout was closed before paying, so nothing was charged.',
    };
  return null;
}

/** The notice of the payment the customer just came back from; dismissing it clears the address's flags. */
export function ReturnNotice() {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const notice = returnNotice(params);
  if (!notice) return null;
  return (
    <Alert
      color={notice.color}
      variant="light"
      icon={notice.icon}
      title={notice.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setParams({}, { replace: true })}
      role="status"
      mb="lg"
      data-testid="return-notice"
    >
      {notice.body}
      {notice.refresh ? (
        <Button
          size="compact-sm"
          variant="white"
          ml="xs"
          onClick={() => {
            for (const queryKey of [queryRoots.subscriptions, queryRoots.wallet, queryRoots.packages])
              void qc.invalidateQueries({ queryKey });
          }}
        >
          Refresh
        </Button>
      ) : null}
    </Alert>
  );
}
