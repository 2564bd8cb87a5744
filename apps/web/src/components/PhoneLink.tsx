import { Anchor, type AnchorProps } from '@mantine/core';

/** What a list shows for a phone there is none of: an owner imported from the original system without one (issue 21). */
export const NO_PHONE = '—';

/** A phone as text: the number, or '—' when there is none (never 'null'). */
export const phoneText = (phone: string | null | undefined): string => phone || NO_PHONE;

/**
 * A phone number to call from the screen (`tel:` link), or '—' when there is none (an owner imported from the
 * original system without a phone, issue 21).
 */
export function PhoneLink({ phone, ...props }: { phone: string | null | undefined } & AnchorProps) {
  if (!phone) return <span title="No phone number on record">{NO_PHONE}</span>;
  return (
    <Anchor href={`tel:${phone}`} {...props}>
      {phone}
    </Anchor>
  );
}

/** A person's name and, when there is one, ' · ' and their phone to call; the name alone otherwise. */
export function NameWithPhone({
  name,
  phone,
  separator = ' · ',
  ...props
}: { name: string; phone: string | null | undefined; separator?: string } & AnchorProps) {
  return (
    <>
      {name}
      {phone ? (
        <>
          {separator}
          <PhoneLink phone={phone} {...props} />
        </>
      ) : null}
    </>
  );
}
