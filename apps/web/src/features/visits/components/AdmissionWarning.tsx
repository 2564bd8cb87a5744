import { Alert, Checkbox, List, Stack, Text } from '@mantine/core';
import { ADMISSION_ACK_LABEL } from '@pawdesk/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAdmissionCheck } from '../api/admission-check';

/** The admission rule on a boarding form: what is missing, the acknowledgement, and the server's 409. */
export interface Admission {
  /** What the rule finds missing (the check's, or the server's refusal's); [] when nothing. */
  missing: string[];
  /** `admissionAcknowledged` for the save body: true once staff ticked the box, else absent. */
  flag: true | undefined;
  /** Before Save: false (and the box shows its error, focused) when something is missing and the box is not ticked. */
  guard: () => boolean;
  /** After a failed save: true when the server refused for the admission rule (the warning then lists its lines). */
  refused: (err: unknown) => boolean;
  element: ReactNode;
}

const REQUIRED = 'Tick this to board the pet anyway';

/**
 * The boarding forms (Hostel, Day Care, Day School, Play School, Dog Park) ask the admission rule when they open
 * and show what is missing with a required 'I have checked and accept this pet' box; a 409 from the server
 * (the check had not answered, or the records changed) shows its list the same way.
 */
export function useAdmission(petId: string): Admission {
  const check = useAdmissionCheck(petId);
  const [serverMissing, setServerMissing] = useState<string[] | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [tried, setTried] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const missing = serverMissing ?? check.data?.missing ?? [];

  const guard = () => {
    if (missing.length === 0 || acknowledged) return true;
    setTried(true);
    box.current?.focus();
    return false;
  };

  const refused = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 409 || err.body.admissionRequired !== true) return false;
    const lines = Array.isArray(err.body.missing) ? err.body.missing.filter((l): l is string => typeof l === 'string') : [];
    setServerMissing(lines);
    setAcknowledged(false);
    setTried(true);
    return true;
  };

  const element =
    missing.length === 0 ? null : (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Admission rule: check this pet before boarding"
        role="alert"
      >
        <Stack gap="xs">
          <List size="sm" spacing={2}>
            {missing.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm">A dog must be at least 4 months old with its core vaccinations up to date.</Text>
          <Checkbox
            ref={box}
            label={ADMISSION_ACK_LABEL}
            checked={acknowledged}
            onChange={(e) => setAcknowledged(e.currentTarget.checked)}
            required
            error={tried && !acknowledged ? REQUIRED : undefined}
          />
        </Stack>
      </Alert>
    );

  return { missing, flag: missing.length > 0 && acknowledged ? true : undefined, guard, refused, element };
}
