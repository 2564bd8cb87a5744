import { Badge, Group, Tooltip } from '@mantine/core';
import { type CareWarning, WARNING_LABEL, type WarningKind } from '@pawdesk/shared';
import { IconAlertTriangle, IconBolt, IconFirstAidKit, IconRun } from '@tabler/icons-react';

/** One colour and icon per kind of warning, the same wherever a pet appears. */
const LOOK: Record<WarningKind, { color: string; icon: typeof IconBolt }> = {
  allergy: { color: 'orange', icon: IconAlertTriangle },
  aggression: { color: 'red', icon: IconBolt },
  escape_risk: { color: 'violet', icon: IconRun },
  special_needs: { color: 'blue', icon: IconFirstAidKit },
};

/**
 * A pet's care warnings (issue 20) as coloured badges: the kind on the badge, the text beside it (`compact`: in a
 * tooltip and for screen readers only, for lists). Renders nothing when there are none.
 */
export function CareWarningBadges({
  warnings,
  compact = false,
}: {
  warnings: readonly CareWarning[] | undefined;
  compact?: boolean;
}) {
  if (!warnings?.length) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="care-warnings">
      {warnings.map((w) => {
        const look = LOOK[w.kind] ?? LOOK.special_needs;
        const Icon = look.icon;
        const label = `${WARNING_LABEL[w.kind] ?? w.kind}: ${w.text}`;
        const badge = (
          <Badge
            key={`${w.kind}-${w.text}`}
            color={look.color}
            variant="light"
            size={compact ? 'sm' : 'md'}
            leftSection={<Icon size={12} aria-hidden />}
            aria-label={label}
            styles={{ label: { textTransform: 'none', whiteSpace: 'normal' } }}
          >
            {compact ? WARNING_LABEL[w.kind] : label}
          </Badge>
        );
        return compact ? (
          <Tooltip key={`${w.kind}-${w.text}`} label={label} withArrow multiline maw={260}>
            {badge}
          </Tooltip>
        ) : (
          badge
        );
      })}
    </Group>
  );
}
