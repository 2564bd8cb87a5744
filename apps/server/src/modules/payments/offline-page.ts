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
  status: string;
  /** Where the Pay button posts. */
  payPath: string;
}

export function linkPage(d: LinkPageData, outcome?: 'paid'): string {
  const amount = escapeHtml(formatINR(toRupees(d.amountPaise)));
  const head = `<h1>${escapeHtml(d.businessName)}</h1><p class="muted">${escapeHtml(d.description)}</p><div class="amount">${amount}</div>`;
  if (outcome === 'paid' || d.status === 'paid') {
    return page(`Paid - ${d.businessName}`, `${head}<p class="ok">Payment received. Thank you!</p>`);
  }
  if (d.status !== 'created') {
    return page(`Payment link - ${d.businessName}`, `${head}<p class="bad">This payment link is ${escapeHtml(d.status)}.</p>`);
  }
  return page(
    `Pay ${amount} - ${d.businessName}`,
    `${head}<form method="post" action="${escapeHtml(d.payPath)}"><button type="submit">Pay ${amount}</button></form>
<p class="note">Offline payment provider: no money moves. Pressing Pay marks this link paid, as a real payment would.</p>`,
  );
}
