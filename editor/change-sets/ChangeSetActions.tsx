import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import type { ChangeSet, ChangeSetAction } from '../../schemas/contracts';
import { isShown, type Permission, type Permissions } from './change-set-permissions';
import { describeSchedule, formatUtc } from './change-set-text';
import { localTimeZone, readScheduleInput } from './schedule-time';
import type { ActResult } from './use-change-set';

export interface ChangeSetActionsProps {
  changeSet: ChangeSet;
  permissions: Permissions;
  requireApproval: boolean;
  act: (action: ChangeSetAction) => Promise<ActResult>;
}

type ButtonAction = 'submit' | 'approve' | 'withdraw' | 'publish';

/** The state-changing buttons, in the order a set moves through them, with how each is labelled. */
const BUTTONS = {
  submit: { label: 'Submit for review', palette: 'blue', done: 'Submitted for review.' },
  approve: { label: 'Approve', palette: 'green', done: 'Approved. It can now be scheduled or published.' },
  withdraw: { label: 'Withdraw to draft', palette: 'gray', done: 'Withdrawn: the set is a draft again.' },
  publish: { label: 'Publish now', palette: 'green', done: 'Published. Customers get it on their next load.' },
} as const satisfies Record<ButtonAction, { label: string; palette: string; done: string }>;
const BUTTON_ORDER = Object.keys(BUTTONS) as ButtonAction[];

/** What the signed-in user may do to the set now; actions they may not take are absent, or disabled with the reason. */
export function ChangeSetActions({ changeSet, permissions, requireApproval, act }: ChangeSetActionsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(name: string, action: ChangeSetAction, done: string): Promise<boolean> {
    setBusy(name);
    const outcome = await act(action);
    setBusy(null);
    setResult(outcome.ok ? { ok: true, text: done } : { ok: false, text: outcome.message });
    return outcome.ok;
  }

  const buttons = BUTTON_ORDER.filter((name) => isShown(permissions[name]));
  const anything = buttons.length > 0 || isShown(permissions.schedule) || isShown(permissions.unschedule);
  return (
    <Box as="section" aria-labelledby="change-set-actions" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <Heading as="h2" size="md" id="change-set-actions">
          Actions
        </Heading>
        <Text>{describeSchedule(changeSet)}</Text>
        {changeSet.approval && (
          <Text>
            Approved by {changeSet.approval.by} at {formatUtc(changeSet.approval.time)}.
          </Text>
        )}
        {!anything && <Text color="fg.muted">{noActionText(changeSet, requireApproval)}</Text>}
        {buttons.length > 0 && (
          <HStack gap="4" wrap="wrap" align="start">
            {buttons.map((name) => (
              <ActionButton
                key={name}
                permission={permissions[name]}
                label={BUTTONS[name].label}
                palette={BUTTONS[name].palette}
                busy={busy === name}
                onClick={() => void run(name, { action: name }, BUTTONS[name].done)}
              />
            ))}
          </HStack>
        )}
        {isShown(permissions.schedule) && (
          <ScheduleForm
            onSchedule={(at) => run('schedule', { action: 'schedule', at }, `Scheduled for ${formatUtc(at)}.`)}
            busy={busy === 'schedule'}
          />
        )}
        {isShown(permissions.unschedule) && (
          <HStack>
            <Button
              variant="outline"
              loading={busy === 'unschedule'}
              onClick={() => void run('unschedule', { action: 'unschedule' }, 'Unscheduled: the set stays approved.')}
            >
              Unschedule
            </Button>
          </HStack>
        )}
        {result && (
          <Text role={result.ok ? 'status' : 'alert'} color={result.ok ? 'green.800' : 'red.700'}>
            {result.text}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function noActionText(changeSet: ChangeSet, requireApproval: boolean): string {
  if (changeSet.state === 'published') return 'Published: nothing more to do. Its history stays below.';
  if (changeSet.state === 'in-review' && requireApproval)
    return 'Waiting for approval by an editor or approver who did not edit it.';
  return 'Your role cannot change this set; you can comment below.';
}

function ActionButton({
  permission,
  label,
  palette,
  busy,
  onClick,
}: {
  permission: Permission;
  label: string;
  palette: string;
  busy: boolean;
  onClick: () => void;
}) {
  const reasonId = useId();
  const blocked = permission.kind === 'blocked' ? permission.reason : null;
  return (
    <Stack gap="1" maxW="sm">
      <Button
        colorPalette={palette}
        onClick={onClick}
        disabled={!!blocked}
        loading={busy}
        aria-describedby={blocked ? reasonId : undefined}
      >
        {label}
      </Button>
      {blocked && (
        <Text id={reasonId} fontSize="sm" color="gray.700">
          {blocked}
        </Text>
      )}
    </Stack>
  );
}

/** A date and time in the user's zone, echoed in UTC as they type, checked before sending. */
function ScheduleForm({ onSchedule, busy }: { onSchedule: (at: string) => Promise<boolean>; busy: boolean }) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = readScheduleInput(value);
  const zone = localTimeZone();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!parsed.ok) return;
    if (await onSchedule(parsed.at)) {
      setValue('');
      setTouched(false);
    }
  }

  return (
    <HStack as="form" onSubmit={submit} gap="3" align="end" wrap="wrap">
      <Field.Root invalid={touched && !parsed.ok} maxW="xs">
        <Field.Label>Publish at ({zone})</Field.Label>
        <Input type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} />
        <Field.HelperText>
          {parsed.ok ? `That is ${formatUtc(parsed.at)}.` : 'Your time zone; the UTC time shows here.'}
        </Field.HelperText>
        {touched && !parsed.ok && <Field.ErrorText>{parsed.reason}</Field.ErrorText>}
      </Field.Root>
      <Button type="submit" variant="outline" colorPalette="blue" loading={busy}>
        Schedule
      </Button>
    </HStack>
  );
}
