import { type GstLineAmounts, gstLine, lineAmountPaise, rateBasisPoints, roundDiv } from '@pawdesk/shared';

/**
 * The lines of a charge's GST documents (pure). THE RULE, so that a charge's lines always add up to the charge, to
 * the paisa (docs/decisions.md "GST documents: a charge's lines"):
 * 1. Priced lines (shop items, a prescription's items) are what the sale listed: each is worth its gross amount,
 *    gstLine(unit price × quantity, rate, includes tax).total — with tax on top for an item whose price excludes it.
 *    If those gross amounts add up to more than the charge while the plain amounts (unit price × quantity) do not,
 *    the sale charged the plain amounts (no tax added on top) and those are used.
 * 2. The service line (the visit type's: consultation, grooming, a stay for N days, a plan) is worth what is left of
 *    the charge. The visit's discount therefore reduces the service line.
 * 3. When what is left is negative (a discount larger than the service), the shortfall is taken off the priced lines
 *    in proportion to their gross amounts (largest remainder, ties to the earlier line), and no service line is
 *    printed. A line so reduced is printed as quantity 1 at its reduced amount, "(after discount)".
 * 4. Each line's gross amount G is then expressed through gstLine: with the price excluding tax when there is a
 *    taxable value T with gstLine(T, exclusive).total = G exactly (the sale added the tax on top), else with the price
 *    including it (taxable = round(G × 100 / (100 + rate)), tax = G − taxable). Exempt and 0 % lines carry no tax.
 * 5. Lines worth 0 are left out.
 */

/** What the item or visit type says about its tax. */
export interface TaxProfile {
  codeKind: 'SAC' | 'HSN' | null;
  code: string | null;
  ratePercent: number;
  exempt: boolean;
  includesTax: boolean;
}

export interface PricedPart {
  description: string;
  profile: TaxProfile;
  quantity: number;
  unit: string | null;
  unitPricePaise: number;
}

export interface ServicePart {
  description: string;
  profile: TaxProfile;
  /** Days of a stay (the line shows them when the amount divides evenly), else 1. */
  quantity: number;
  unit: string | null;
}

export interface SaleLine {
  description: string;
  codeKind: 'SAC' | 'HSN' | null;
  code: string | null;
  quantity: number;
  unit: string | null;
  unitPricePaise: number;
  priceIncludesTax: boolean;
  amounts: GstLineAmounts;
}

const rateOf = (p: TaxProfile): number | null => (p.exempt ? null : p.ratePercent);

/** The gross amount of a priced part as the sale listed it (tax on top when its price excludes tax). */
export function grossOf(part: PricedPart, withTaxOnTop: boolean): number {
  const rate = rateOf(part.profile);
  return gstLine({
    unitPricePaise: part.unitPricePaise,
    quantity: part.quantity,
    ratePercent: rate,
    priceIncludesTax: !withTaxOnTop || part.profile.includesTax,
    interState: false,
  }).totalPaise;
}

/** A line worth exactly `gross` paise (rule 4). */
export function lineWorth(
  gross: number,
  desc: { description: string; quantity: number; unit: string | null },
  profile: TaxProfile,
  interState: boolean,
): SaleLine {
  const rate = rateOf(profile);
  const base = { description: desc.description, codeKind: profile.codeKind, code: profile.code };
  const qtyFits = (amount: number) => Number.isInteger(desc.quantity) && desc.quantity >= 1 && amount % desc.quantity === 0;
  const make = (amount: number, includesTax: boolean): SaleLine => {
    const q = qtyFits(amount) ? desc.quantity : 1;
    const unitPricePaise = amount / q;
    const amounts = gstLine({ unitPricePaise, quantity: q, ratePercent: rate, priceIncludesTax: includesTax, interState });
    return {
      ...base,
      description:
        q === desc.quantity || desc.quantity === 1
          ? desc.description
          : `${desc.description} (${desc.quantity} ${desc.unit ?? ''})`.replace(' )', ')'),
      quantity: q,
      unit: q === desc.quantity ? desc.unit : null,
      unitPricePaise,
      priceIncludesTax: includesTax,
      amounts,
    };
  };
  if (rate !== null && rate > 0 && !profile.includesTax) {
    const bp = BigInt(rateBasisPoints(rate));
    const t0 = Number(roundDiv(BigInt(gross) * 10000n, 10000n + bp));
    for (const t of [t0, t0 - 1, t0 + 1]) {
      if (t <= 0) continue;
      const line = make(t, false);
      if (line.amounts.totalPaise === gross) return line;
    }
  }
  return make(gross, true);
}

/** Splits `total` paise in proportion to `weights` (largest remainder, ties to the earlier). */
export function proportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  const shares = weights.map((w, i) => {
    const exact = BigInt(total) * BigInt(w);
    return { i, base: exact / BigInt(sum), rest: exact % BigInt(sum) };
  });
  let left = BigInt(total) - shares.reduce((s, x) => s + x.base, 0n);
  for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))) {
    if (left === 0n) break;
    s.base += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s.base));
}

/** The lines of a charge of `chargePaise` (rules 1–5): their totals add up to the charge exactly. */
export function chargeLines(
  chargePaise: number,
  priced: readonly PricedPart[],
  service: ServicePart,
  interState: boolean,
): SaleLine[] {
  let gross = priced.map((p) => grossOf(p, true));
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  if (sum(gross) > chargePaise) {
    const plain = priced.map((p) => grossOf(p, false));
    if (sum(plain) <= chargePaise) gross = plain;
  }
  const left = chargePaise - sum(gross);
  const reduced = new Set<number>();
  if (left < 0) {
    const cut = proportion(-left, gross);
    gross = gross.map((g, i) => {
      if (cut[i]! > 0) reduced.add(i);
      return g - cut[i]!;
    });
  }
  const lines: SaleLine[] = [];
  priced.forEach((p, i) => {
    const g = gross[i]!;
    if (g <= 0) return;
    if (reduced.has(i)) {
      const qty = `${p.quantity}${p.unit ? ` ${p.unit}` : ''}`;
      lines.push(
        lineWorth(
          g,
          { description: `${p.description} (${qty}, after discount)`, quantity: 1, unit: null },
          p.profile,
          interState,
        ),
      );
      return;
    }
    const asListed = lineWorthListed(p, g, interState);
    lines.push(asListed);
  });
  if (left > 0) lines.push(lineWorth(left, service, service.profile, interState));
  const total = lines.reduce((s, l) => s + l.amounts.totalPaise, 0);
  if (total !== chargePaise) throw new Error(`documents: the lines add up to ${total} paise, not the charge's ${chargePaise}`);
  return lines;
}

/** A priced line at its listed unit price when that gives its gross exactly, else through lineWorth. */
function lineWorthListed(p: PricedPart, gross: number, interState: boolean): SaleLine {
  const rate = rateOf(p.profile);
  for (const includesTax of [p.profile.includesTax, true]) {
    const amounts = gstLine({
      unitPricePaise: p.unitPricePaise,
      quantity: p.quantity,
      ratePercent: rate,
      priceIncludesTax: includesTax,
      interState,
    });
    if (amounts.totalPaise === gross) {
      return {
        description: p.description,
        codeKind: p.profile.codeKind,
        code: p.profile.code,
        quantity: p.quantity,
        unit: p.unit,
        unitPricePaise: p.unitPricePaise,
        priceIncludesTax: includesTax || rate === null,
        amounts,
      };
    }
  }
  // A quantity with decimals whose amount rounded: the line as one unit of its gross.
  lineAmountPaise(p.unitPricePaise, p.quantity);
  return lineWorth(gross, { description: p.description, quantity: 1, unit: null }, p.profile, interState);
}
