import { Button, FocusTrap, Group, Text } from '@mantine/core';
import { formatDate, formatINR, type StatementEntry, type StatementResponse, todayIn } from '@pawdesk/shared';
import { IconPrinter, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Letterhead, PrintTotals, printClasses } from '../../../../components/print/Letterhead';
import { useBusiness } from '../../../../lib/business';
import { balanceText, effectText, shownEntries, signedINR } from './statement-rules';
import classes from './statement.module.css';

const STATUS_TEXT: Partial<Record<StatementEntry['status'], string>> = {
  pending: 'pending, not counted',
  void: 'void',
  failed: 'failed',
};

/** The words of a printed row: a row that moves nothing says why. */
function printedDescription(e: StatementEntry): string {
  const why = STATUS_TEXT[e.status] ?? (e.kind === 'allocation' ? 'transfer' : null);
  return why ? `${e.description} (${formatINR(e.amount)}, ${why})` : e.description;
}

/** Prints a money cell: the amount, or nothing. */
const cell = (rupees: number) => (rupees ? formatINR(rupees) : '');

/**
 * The printable copy of an owner's statement: the business's letterhead, the owner, every entry with what it adds
 * or takes off and the running balance, and the totals. Shown over the app (Print, Close, Escape); printed alone
 * (the shared print styles, components/print, hide the rest of the page). Printing starts when it opens.
 */
export function PrintableStatement({ statement, onClose }: { statement: StatementResponse; onClose: () => void }) {
  const business = useBusiness();
  const { owner, totals } = statement;
  const rows = shownEntries(statement.entries);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    const t = window.setTimeout(() => window.print?.(), 150);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(t);
    };
  }, [onClose]);

  const total = (label: string, rupees: number, always = true) =>
    always || rupees ? ([label, formatINR(rupees)] as const) : null;

  return createPortal(
    <div className={classes.sheetHost} role="dialog" aria-modal="true" aria-label="Printable statement">
      <FocusTrap active>
        <div>
          <div className={classes.toolbar}>
            <Text fw={600}>Statement of {owner.name}</Text>
            <Group gap="xs">
              <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-autofocus>
                Print
              </Button>
              <Button variant="default" leftSection={<IconX size={16} />} onClick={onClose}>
                Close
              </Button>
            </Group>
          </div>
          <article className={`${printClasses.sheet} ${classes.sheet}`} data-testid="printable-statement">
            <Letterhead from={business}>
              <h2>Statement of account</h2>
              <div>Printed {formatDate(todayIn())}</div>
            </Letterhead>
            <section style={{ marginBottom: 16 }}>
              <strong>{owner.name}</strong>
              <div>{[owner.phone, owner.email].filter(Boolean).join(' · ')}</div>
            </section>
            <table>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Description</th>
                  <th className={classes.hideNarrow}>Receipt</th>
                  <th className={`${classes.num} ${classes.hideNarrow}`}>Charged</th>
                  <th className={`${classes.num} ${classes.hideNarrow}`}>Paid / credited</th>
                  <th className={`${classes.num} ${classes.showNarrow}`}>Amount</th>
                  <th className={classes.num}>Balance</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={7}>No entries.</td>
                  </tr>
                ) : (
                  rows.map((e) => (
                    <tr key={e._id}>
                      <td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.date)}</td>
                      <td>
                        {printedDescription(e)}
                        {e.petName ? <span className={classes.muted}> · {e.petName}</span> : null}
                      </td>
                      <td className={classes.hideNarrow}>{e.receiptNo ?? ''}</td>
                      <td className={`${classes.num} ${classes.hideNarrow}`}>{cell(Math.max(0, e.effect))}</td>
                      <td className={`${classes.num} ${classes.hideNarrow}`}>{cell(Math.max(0, -e.effect))}</td>
                      <td className={`${classes.num} ${classes.showNarrow}`}>{e.effect ? effectText(e.effect) : ''}</td>
                      <td className={classes.num}>{signedINR(e.balance)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
            <PrintTotals
              rows={[
                total('Charged', totals.charged),
                total('Credited', totals.credited, false),
                total('Paid', totals.paid),
                total('Refunded', totals.refunded, false),
                total('Due on sales', totals.due),
                total('Held (unapplied)', totals.unapplied, false),
                total('Wallet', totals.wallet, false),
                total('Deposit', totals.deposit, false),
                ['Balance', balanceText(totals.balance)],
              ]}
            />
            <p className={classes.muted} style={{ marginTop: 24 }}>
              Amounts in Indian rupees. Pending payments (a payment link or card order not yet paid) are listed but not counted.
            </p>
          </article>
        </div>
      </FocusTrap>
    </div>,
    document.body,
  );
}
