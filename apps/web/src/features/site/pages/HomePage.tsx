import { Anchor, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
// Subpath imports only: this page is in the first bundle and must not pull in zod.
import { DROP_OFF_WINDOW, MIN_AGE_MONTHS, PICK_UP_WINDOW, SERVICE_CATALOG } from '@pawdesk/shared/catalog';
import {
  IconArrowRight,
  IconCalendarPlus,
  IconClock,
  IconMail,
  IconMapPin,
  IconPaw,
  IconPhone,
  IconStethoscope,
  IconSunrise,
  IconSunset,
  IconVaccine,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBusiness } from '../../../lib/business';
import { ContactDetail } from '../components/ContactDetail';
import { DogIllustration } from '../components/DogIllustration';
import { bookingPath, ServiceCard } from '../components/ServiceCard';
import classes from '../components/site.module.css';
import { directionsUrl } from '../format';

function SectionHead({ id, kicker, title, children }: { id: string; kicker: string; title: string; children?: ReactNode }) {
  return (
    <div className={classes.sectionHead}>
      <Text className={classes.kicker}>{kicker}</Text>
      <Title order={2} id={id} fz={{ base: 26, sm: 32 }} mt={4}>
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" mt={6} size="md">
          {children}
        </Text>
      ) : null}
    </div>
  );
}

function VisitTile({ icon, label, value, note }: { icon: ReactNode; label: string; value: string; note: string }) {
  return (
    <div className={classes.visitTile}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" color="orange" variant="white">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="sm" fw={600} c="orange.9">
            {label}
          </Text>
          <Text fz={18} fw={700} lh={1.3}>
            {value}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {note}
          </Text>
        </div>
      </Group>
    </div>
  );
}

export default function HomePage() {
  const b = useBusiness();
  return (
    <div className={classes.page}>
      <section className={classes.hero} aria-labelledby="home-title">
        <Stack gap="lg">
          <span className={classes.eyebrow}>
            <IconPaw size={16} aria-hidden /> Dog resort &amp; veterinary clinic in Gurugram
          </span>
          <Title order={1} id="home-title" className={classes.heroTitle}>
            {b.name}
          </Title>
          <Text className={classes.heroLead}>
            A happy, safe second home for your dog. Boarding, day care, day school, play school, a secure dog park, grooming and
            veterinary care, all under one roof.
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/customerservice" size="lg" rightSection={<IconArrowRight size={18} aria-hidden />}>
              Book a service
            </Button>
            <Button component={Link} to="/signup" size="lg" variant="white" color="orange">
              Sign up
            </Button>
          </Group>
          <ul className={classes.chips} aria-label="At a glance">
            <li>
              <IconClock size={18} aria-hidden /> Open {b.openingHours}
            </li>
            <li>
              <IconStethoscope size={18} aria-hidden /> Veterinary care on site
            </li>
            <li>
              <IconMapPin size={18} aria-hidden /> Gurugram, Haryana
            </li>
          </ul>
        </Stack>
        <div className={classes.heroArt}>
          <DogIllustration />
        </div>
      </section>

      <section className={classes.section} aria-labelledby="services-title" id="services">
        <SectionHead id="services-title" kicker="What we offer" title="Our services">
          Simple, per-visit prices in rupees. Book online in a few taps once you have registered your dog.
        </SectionHead>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {SERVICE_CATALOG.map((s) => (
            <ServiceCard
              key={s.name}
              {...s}
              action={
                <Button
                  component={Link}
                  to={bookingPath(s.visitType)}
                  state={{ service: { name: s.name, price: s.price, duration: s.duration } }}
                  fullWidth
                  variant="light"
                  leftSection={<IconCalendarPlus size={18} aria-hidden />}
                  aria-label={`Book Now: ${s.name}`}
                >
                  Book Now
                </Button>
              }
            />
          ))}
        </SimpleGrid>
        <div className={classes.vet}>
          <ThemeIcon size={56} radius="xl" color="teal" variant="white">
            <IconStethoscope size={30} aria-hidden />
          </ThemeIcon>
          <div style={{ flex: 1 }}>
            <Title order={3} fz="lg">
              Veterinary care
            </Title>
            <Text size="sm" c="dark.5" mt={4}>
              Our in-house veterinary clinic offers consultations, vaccinations, health check-ups and emergency care, so expert
              help is never far away while your dog stays and plays with us.
            </Text>
          </div>
          <Button component={Link} to="/contactus" variant="white" color="teal">
            Talk to our vets
          </Button>
        </div>
      </section>

      <section className={classes.section} aria-labelledby="visit-title" id="visit">
        <SectionHead id="visit-title" kicker="Plan your visit" title="Hours and drop-off times">
          Arriving and leaving within these windows keeps the day calm and predictable for every dog.
        </SectionHead>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <VisitTile
            icon={<IconClock size={24} aria-hidden />}
            label="Opening hours"
            value={b.openingHours}
            note="Open every day of the week."
          />
          <VisitTile
            icon={<IconSunrise size={24} aria-hidden />}
            label="Drop-off"
            value={DROP_OFF_WINDOW}
            note="Morning check-in at the reception."
          />
          <VisitTile
            icon={<IconSunset size={24} aria-hidden />}
            label="Pick-up"
            value={PICK_UP_WINDOW}
            note="Evening collection after a full day."
          />
        </SimpleGrid>
        <div className={classes.rule}>
          <ThemeIcon size={40} radius="md" color="yellow" variant="light">
            <IconVaccine size={22} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={3} fz="md">
              Before the first visit
            </Title>
            <Text size="sm" mt={4}>
              A dog must be at least {MIN_AGE_MONTHS} months old with core vaccinations.
            </Text>
            <Text size="sm" c="dimmed">
              Please bring your dog&apos;s vaccination record. Our vets can vaccinate on site if anything is due.
            </Text>
          </div>
        </div>
      </section>

      <section className={classes.section} aria-labelledby="location-title" id="location">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <div>
            <SectionHead id="location-title" kicker="Location" title="Find us in Gurugram" />
            <ul className={classes.contactList}>
              <ContactDetail icon={IconMapPin} label={b.name}>
                <Text size="sm" c="dimmed">
                  {b.address}
                </Text>
                <Anchor href={directionsUrl(b.address)} target="_blank" rel="noopener noreferrer" size="sm">
                  Get directions
                </Anchor>
              </ContactDetail>
              <ContactDetail icon={IconPhone} label="Phone">
                <Anchor href={`tel:${b.phone.replace(/\s/g, '')}`} size="sm">
                  {b.phone}
                </Anchor>
              </ContactDetail>
              <ContactDetail icon={IconMail} label="Email">
                <Anchor href={`mailto:${b.email}`} size="sm">
                  {b.email}
                </Anchor>
              </ContactDetail>
            </ul>
          </div>
          <div className={classes.cta}>
            <Stack gap="md" h="100%" justify="center">
              <Title order={2} fz={{ base: 24, sm: 28 }} c="white">
                Ready for their first day with us?
              </Title>
              <Text c="orange.0">
                Create an account, register your dog and book boarding, day care, school, the dog park or grooming online.
                Questions? We are happy to help.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/customerservice" variant="white" color="orange">
                  Book a service
                </Button>
                <Button component={Link} to="/signup" variant="outline" color="white">
                  Sign up
                </Button>
                <Button component={Link} to="/contactus" variant="subtle" color="white">
                  Contact us
                </Button>
              </Group>
            </Stack>
          </div>
        </SimpleGrid>
      </section>
    </div>
  );
}
