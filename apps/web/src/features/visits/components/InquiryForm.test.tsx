import { INQUIRY_FOLLOW_UP_PAST, inquiryVisitBody, RX_MESSAGES, VISIT_MESSAGES } from '@pawdesk/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockVisitApi, nothingPosted, PET_ID, renderVisitForm, savedBody, TYPE_ID, visitType } from '../test/kit';

const type = visitType('inquiry');
const FUTURE = '2099-01-15';

type Fields = { note?: string; date?: string; time?: string; purpose?: string };

async function fill(user: UserEvent, f: Fields) {
  if (f.note) await user.type(screen.getByRole('textbox', { name: /Inquiry description/ }), f.note);
  // Date and time inputs take their value whole, as a browser's pickers give it.
  if (f.date) await user.type(screen.getByLabelText('Follow-up date'), f.date);
  if (f.time) await user.type(screen.getByLabelText('Follow-up time'), f.time);
  if (f.purpose) await user.type(screen.getByRole('textbox', { name: 'Follow-up purpose' }), f.purpose);
}

describe('InquiryForm', () => {
  it.each<{ name: string; fields: Fields; body: Record<string, unknown> }>([
    {
      name: 'a description only: no follow-up',
      fields: { note: '  Asked about day care prices  ' },
      body: { note: 'Asked about day care prices', nextFollowUp: null, followUpTime: null, followUpPurpose: null },
    },
    {
      name: 'with a follow-up: all three fields',
      fields: { note: 'Wants grooming', date: FUTURE, time: '10:30', purpose: ' Call back ' },
      body: { note: 'Wants grooming', nextFollowUp: FUTURE, followUpTime: '10:30', followUpPurpose: 'Call back' },
    },
  ])('$name: saved at once (nothing to pay), trimmed', async ({ fields, body }) => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);
    await fill(user, fields);
    await user.click(screen.getByRole('button', { name: 'Save Inquiry' }));

    const saved = await savedBody(posted);
    expect(saved).toStrictEqual({ path: '/visit/addinquiryvisit', body: { petId: PET_ID, visitType: TYPE_ID.inquiry, ...body } });
    expect(inquiryVisitBody.safeParse(saved.body).success).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each<{ name: string; fields: Fields; messages: string[] }>([
    { name: 'no description', fields: { note: '   ' }, messages: [VISIT_MESSAGES.inquiryNote] },
    {
      name: 'a follow-up date alone',
      fields: { note: 'x', date: FUTURE },
      messages: [RX_MESSAGES.followUpTime, RX_MESSAGES.followUpPurpose],
    },
    {
      name: 'a follow-up purpose alone',
      fields: { note: 'x', purpose: 'Call' },
      messages: [RX_MESSAGES.followUpDate, RX_MESSAGES.followUpTime],
    },
    {
      name: 'a follow-up before today',
      fields: { note: 'x', date: '2001-01-01', time: '09:00', purpose: 'Call' },
      messages: [INQUIRY_FOLLOW_UP_PAST],
    },
  ])('$name: refused with the message, nothing saved', async ({ fields, messages }) => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);
    await fill(user, fields);
    await user.click(screen.getByRole('button', { name: 'Save Inquiry' }));
    for (const m of messages) expect(await screen.findByText(m)).toBeInTheDocument();
    await nothingPosted(posted);
  });
});
