import { Anchor, Button, Card, Grid, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type ContactBody, contactBody } from '@pawdesk/shared';
import { DROP_OFF_WINDOW, PICK_UP_WINDOW } from '@pawdesk/shared/catalog';
import { IconClock, IconMail, IconMapPin, IconPhone, IconSend } from '@tabler/icons-react';
import type { z } from 'zod';
import { PageHeader } from '../../../components/PageHeader';
import { PhoneField } from '../../../components/PhoneField';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useBusiness } from '../../../lib/business';
import { fieldProps, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useSubmitContact } from '../api/contact';
import { ContactDetail } from '../components/ContactDetail';
import classes from '../components/site.module.css';
import { directionsUrl } from '../format';

type FormInput = z.input<typeof contactBody>;
const FIELDS = ['name', 'email', 'phone', 'comment'] as const;
const EMPTY: FormInput = { name: '', email: '', phone: '', comment: '' };

export default function ContactUsPage() {
  const b = useBusiness();
  const submit = useSubmitContact();
  const form = useZodForm<FormInput, ContactBody>(contactBody, EMPTY);

  const onSubmit = form.handleSubmit((values) => {
    const body: ContactBody = { name: values.name, email: values.email, comment: values.comment };
    if (values.phone) body.phone = values.phone;
    submit.mutate(body, {
      onSuccess: (res) => {
        notify.success(res.message || 'Form submitted successfully!');
        form.reset(EMPTY);
      },
      onError: (err) => {
        const fieldErrors = err instanceof ApiError ? Object.entries(err.errors) : [];
        let shown = false;
        for (const [field, message] of fieldErrors) {
          if ((FIELDS as readonly string[]).includes(field)) {
            form.setError(field as (typeof FIELDS)[number], { message }, { shouldFocus: !shown });
            shown = true;
          }
        }
        if (!shown) notify.error(serverMessage(err, 'Could not send your message. Please try again.'), err);
      },
    });
  });

  const sending = submit.isPending;

  return (
    <div className={classes.page}>
      <div className={classes.band}>
        <PageHeader title="Contact Us" subtitle="Questions about a stay, a booking or your dog's health? We are happy to help." />
      </div>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="xl" shadow="xs">
            <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
              <Stack gap="md">
                <div>
                  <Title order={2} id="contact-form-title" fz="xl">
                    Send us a message
                  </Title>
                  <Text size="sm" c="dimmed">
                    Fields marked * are required.
                  </Text>
                </div>
                <TextInput label="Name" autoComplete="name" required {...fieldProps(form, 'name')} />
                <Group grow align="flex-start" wrap="wrap" gap="md" preventGrowOverflow={false}>
                  <TextInput label="Email" type="email" autoComplete="email" required miw={220} {...fieldProps(form, 'email')} />
                  <PhoneField
                    label="Phone (optional)"
                    placeholder="10-digit mobile number"
                    miw={220}
                    {...fieldProps(form, 'phone')}
                  />
                </Group>
                <Textarea label="Comment" required autosize minRows={5} maxRows={12} {...fieldProps(form, 'comment')} />
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    loading={sending}
                    disabled={sending}
                    leftSection={<IconSend size={16} aria-hidden />}
                    size="md"
                  >
                    Submit
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="xl" component="aside" aria-labelledby="contact-details-title">
              <Title order={2} id="contact-details-title" fz="xl" mb="md">
                {b.name}
              </Title>
              <ul className={classes.contactList}>
                <ContactDetail icon={IconMapPin} label="Address" labelSize="sm">
                  <Text size="sm" c="dimmed">
                    {b.address}
                  </Text>
                  <Anchor size="sm" href={directionsUrl(b.address)} target="_blank" rel="noopener noreferrer">
                    Get directions
                  </Anchor>
                </ContactDetail>
                <ContactDetail icon={IconPhone} label="Phone" labelSize="sm">
                  <Anchor size="sm" href={`tel:${b.phone.replace(/\s/g, '')}`}>
                    {b.phone}
                  </Anchor>
                </ContactDetail>
                <ContactDetail icon={IconMail} label="Email" labelSize="sm">
                  <Anchor size="sm" href={`mailto:${b.email}`}>
                    {b.email}
                  </Anchor>
                </ContactDetail>
                <ContactDetail icon={IconClock} label="Opening hours" labelSize="sm">
                  <Text size="sm" c="dimmed">
                    {b.openingHours}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Drop-off {DROP_OFF_WINDOW}, pick-up {PICK_UP_WINDOW}
                  </Text>
                </ContactDetail>
              </ul>
            </Card>
            <div className={`${classes.vet} ${classes.auto}`}>
              <Text size="sm">
                <strong>Pet emergency?</strong> Please call us rather than writing. Our veterinary team will guide you.
              </Text>
            </div>
          </Stack>
        </Grid.Col>
      </Grid>
    </div>
  );
}
