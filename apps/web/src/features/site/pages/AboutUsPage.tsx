import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DROP_OFF_WINDOW, MIN_AGE_MONTHS, PICK_UP_WINDOW, SERVICE_CATALOG } from '@pawdesk/shared/catalog';
import { IconEye, IconHeartHandshake, IconShieldCheck, IconStethoscope } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBusiness } from '../../../lib/business';
import { DogIllustration } from '../components/DogIllustration';
import { ServiceIcon } from '../components/ServiceCard';
import classes from '../components/site.module.css';

const VALUES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconShieldCheck size={24} aria-hidden />,
    title: 'Safety first',
    text: 'Secure, fenced play areas, dogs grouped by size and temperament, and vaccination checks for every guest.',
  },
  {
    icon: <IconHeartHandshake size={24} aria-hidden />,
    title: 'Care like family',
    text: 'Trained handlers who know each dog by name, their routine, their food and their favourite games.',
  },
  {
    icon: <IconStethoscope size={24} aria-hidden />,
    title: 'Vets on hand',
    text: 'Our in-house veterinary clinic means health checks, vaccinations and emergency care are steps away.',
  },
  {
    icon: <IconEye size={24} aria-hidden />,
    title: 'Open and transparent',
    text: 'Clear prices in rupees, honest updates about your dog’s day, and records you can see online.',
  },
];

const VET = {
  name: 'Veterinary care',
  text: 'Consultations, vaccinations, health check-ups and emergency care at our in-house clinic.',
};

export default function AboutUsPage() {
  const b = useBusiness();
  return (
    <div className={classes.page}>
      <section className={classes.hero} aria-labelledby="about-title">
        <Stack gap="md">
          <Text className={classes.kicker}>Our story</Text>
          <Title order={1} id="about-title" className={classes.heroTitle}>
            About Us
          </Title>
          <Text className={classes.heroLead}>
            {b.name} is a dog resort and veterinary clinic in Gurugram, Haryana. We started with a simple idea: dogs should be as
            happy and well looked-after while you are away as they are at home. Today families across Gurugram trust us with
            boarding, day care, training, play, grooming and their dogs&apos; health.
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/customerservice">
              Explore our services
            </Button>
            <Button component={Link} to="/contactus" variant="white">
              Contact us
            </Button>
          </Group>
        </Stack>
        <div className={classes.heroArt}>
          <DogIllustration />
        </div>
      </section>

      <section className={classes.section} aria-labelledby="values-title">
        <div className={classes.sectionHead}>
          <Text className={classes.kicker}>What we believe</Text>
          <Title order={2} id="values-title" fz={{ base: 26, sm: 32 }} mt={4}>
            How we care for your dog
          </Title>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {VALUES.map((v) => (
            <Card key={v.title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light">
                {v.icon}
              </ThemeIcon>
              <Title order={3} fz="md" mt="md">
                {v.title}
              </Title>
              <Text size="sm" c="dimmed" mt={6}>
                {v.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <section className={classes.section} aria-labelledby="offer-title">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <div>
            <Text className={classes.kicker}>Under one roof</Text>
            <Title order={2} id="offer-title" fz={{ base: 26, sm: 32 }} mt={4}>
              Everything your dog needs
            </Title>
            <Text c="dimmed" mt="sm">
              From an overnight stay to a morning at the dog park, every service is run by people who love dogs, with our
              veterinary team close by.
            </Text>
            <Stack gap="sm" mt="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {[...SERVICE_CATALOG.map((s) => ({ name: s.name, text: s.description })), VET].map((s) => (
                <Group key={s.name} component="li" gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={34} radius="md" variant="light" color="orange">
                    <ServiceIcon name={s.name} size={20} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{s.name}</Text>
                    <Text size="sm" c="dimmed">
                      {s.text}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          </div>
          <Stack gap="lg">
            <div className={`${classes.visitTile} ${classes.auto}`}>
              <Title order={3} fz="lg">
                A day at the resort
              </Title>
              <Text size="sm" mt="xs">
                We are open {b.openingHours}. Dogs arrive between {DROP_OFF_WINDOW}, spend the day playing, learning and resting
                in small supervised groups, and go home between {PICK_UP_WINDOW}.
              </Text>
            </div>
            <div className={`${classes.rule} ${classes.auto}`}>
              <div>
                <Title order={3} fz="lg">
                  Who can join
                </Title>
                <Text size="sm" mt="xs">
                  A dog must be at least {MIN_AGE_MONTHS} months old with core vaccinations. New guests meet our team first so we
                  can learn about their habits, diet and health.
                </Text>
              </div>
            </div>
            <div className={`${classes.cta} ${classes.auto}`}>
              <Title order={3} fz="lg" c="white">
                Come and see us
              </Title>
              <Text size="sm" mt="xs" c="orange.0">
                {b.address}
              </Text>
              <Group gap="sm" mt="md">
                <Button component={Link} to="/signup" variant="white">
                  Sign up
                </Button>
                <Button component={Link} to="/contactus" variant="outline" color="white">
                  Plan a visit
                </Button>
              </Group>
            </div>
          </Stack>
        </SimpleGrid>
      </section>
    </div>
  );
}
