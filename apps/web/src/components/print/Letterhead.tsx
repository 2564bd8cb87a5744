import type { ReactNode } from 'react';
import classes from './print.module.css';

/** Who a printed sheet is from: the business's identity as configured (or as a document recorded it). */
export interface LetterheadParty {
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  gstin?: string | null;
  /** 'Haryana (06)': printed after the GSTIN. */
  state?: string | null;
}

/**
 * The top of a printed sheet (statement, tax invoice, receipt …): the business's name, address, phone, email and
 * GSTIN on the left; the sheet's title, number and date (`children`) on the right.
 */
export function Letterhead({ from, children }: { from: LetterheadParty; children: ReactNode }) {
  const contact = [from.phone, from.email].filter(Boolean).join(' · ');
  return (
    <header className={classes.letterhead}>
      <div>
        <h1>{from.name}</h1>
        {from.address ? <div style={{ whiteSpace: 'pre-line' }}>{from.address}</div> : null}
        {contact ? <div>{contact}</div> : null}
        {from.gstin ? (
          <div>
            GSTIN {from.gstin}
            {from.state ? ` · ${from.state}` : ''}
          </div>
        ) : from.state ? (
          <div>{from.state}</div>
        ) : null}
      </div>
      <div className={classes.titleBlock}>{children}</div>
    </header>
  );
}

/** A sheet's totals: label and amount rows, the last one ruled and bold (the grand total). */
export function PrintTotals({ rows, label = 'Totals' }: { rows: (readonly [string, ReactNode] | null)[]; label?: string }) {
  return (
    <table className={classes.totals} aria-label={label}>
      <tbody>
        {rows
          .filter((r): r is readonly [string, ReactNode] => r !== null)
          .map(([name, value]) => (
            <tr key={name}>
              <td>{name}</td>
              <td className={classes.num}>{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

export { classes as printClasses };
