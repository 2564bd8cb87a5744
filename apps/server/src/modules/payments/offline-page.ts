import { formatINR, toRupees } from '@pawdesk/shared';

/** The offline provider's payment-link page: plain HTML and CSS (no script), as a phone opens it from an email. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f1ec;color:#2b2b2b}
main{max-width:420px;margin:40px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px}
h1{font-size:1.1rem;margin:0 0 4px}.muted{color:#6b6b6b;font-size:.9rem;margin:0 0 20px}
.amount{font-size:2rem;font-weight:700;margin:8px 0 20px}
button{width:100%;padding:12px;border:0;border-radius:8px;background:#c2410c;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.note{font-size:.8rem;color:#6b6b6b;margin-top:16px}.ok{color:#15803d;font-weight:600}.bad{color:#b91c1c;font-weight:600}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

export interface LinkPageData {
  businessName: string;
  description: string;
  amountPaise: number;
  /**
   * The link's state: `created` (open), `paid`, or `cancelled` / `expired`. A `created` link whose ledger payment
   * is no longer pending (voided, failed) is shown as `cancelled`.
   */
  status: string;
  /** Where the Pay button posts. */
  payPath: string;
  /**
   * `open` (outside production): anyone holding the link may press Pay, as a customer would on Razorpay's page.
   * `desk` (the offline provider allowed in production): the page takes nothing; a signed-in staff member records
   * the payment at the desk (the POST needs a staff token).
   */
  mode: 'open' | 'desk';
}

export function linkPage(d: LinkPageData, outcome?: 'paid'): string {
  const amount = escapeHtml(formatINR(toRupees(d.amountPaise)));
  const business = escapeHtml(d.businessName);
  const head = `<h1>${business}</h1><p class="muted">${escapeHtml(d.description)}</p><div class="amount">${amount}</div>`;
  if (outcome === 'paid' || d.status === 'paid') {
    return page(`Paid - ${d.businessName}`, `${head}<p class="ok">Payment received. Thank you!</p>`);
  }
  if (d.status !== 'created') {
    return page(
      `Payment link - ${d.businessName}`,
      `${head}<p class="bad">This payment link is no longer valid.</p>
<p class="note">It takes no payment. If you still owe this amount, ask ${business} for a new link or pay at the desk.</p>`,
    );
  }
  if (d.mode === 'desk') {
    return page(
      `Payment due - ${d.businessName}`,
      `${head}<p>This payment is confirmed at the desk.</p>
<p class="note">Pay at ${business}'s front desk; a member of staff records it there and this link then shows it as paid. No payment can be made on this page.</p>`,
    );
  }
  return page(
    `Pay ${amount} - ${d.businessName}`,
    `${head}<form method="post" action="${escapeHtml(d.payPath)}"><button type="submit">Pay ${amount}</button></form>
<p class="note">Offline payment provider: no money moves. Pressing Pay marks this link paid, as a real payment would.</p>`,
  );
}
