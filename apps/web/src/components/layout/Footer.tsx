import { Anchor, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBusiness } from '../../lib/business';
import classes from './layout.module.css';

export function Footer() {
  const b = useBusiness();
  return (
    <Box component="footer" className={classes.footer}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" maw={1280} mx="auto" px="md" py="xl">
        <Stack gap={4}>
          <Text fw={700}>{b.name}</Text>
          <Text size="sm" c="dimmed">
            {b.address}
          </Text>
          <Text size="sm" c="dimmed">
            {b.openingHours}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Contact
          </Text>
          <Anchor size="sm" href={`tel:${b.phone.replace(/\s/g, '')}`}>
            {b.phone}
          </Anchor>
          <Anchor size="sm" href={`mailto:${b.email}`}>
            {b.email}
          </Anchor>
          {b.gstin ? (
            <Text size="sm" c="dimmed">
              GSTIN {b.gstin}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Policies
          </Text>
          <Group gap="md" wrap="wrap">
            <Anchor component={Link} to="/privacypolicy" size="sm">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/termsandcondition" size="sm">
              Terms &amp; Conditions
            </Anchor>
            <Anchor component={Link} to="/refundpolicy" size="sm">
              Refund Policy
            </Anchor>
            <Anchor component={Link} to="/shippingpolicy" size="sm">
              Shipping Policy
            </Anchor>
          </Group>
        </Stack>
      </SimpleGrid>
      <Text ta="center" size="xs" c="dimmed" pb="md">
        © {new Date().getFullYear()} {b.name}. All rights reserved.
      </Text>
    </Box>
  );
}
