import { Alert, Box, Button, Center, Heading, Link as ChakraLink, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isChangeSetId, type ChangeSet } from '../../schemas/contracts';
import { useSessionStore } from '../auth/session-store';
import { isAllowed, permissionsFor } from './change-set-permissions';
import { ChangeSetActions } from './ChangeSetActions';
import { ChangeSetComments } from './ChangeSetComments';
import { ChangeSetHistory } from './ChangeSetHistory';
import { ChangeSetMembers } from './ChangeSetMembers';
import { ChangeSetShares } from './ChangeSetShares';
import { ChangeSetTitle } from './ChangeSetTitle';
import { useChangeSet, type CarriedDraft, type StaleNotice } from './use-change-set';
import { useRequireApproval } from './workflow-settings';

// The review runs the audience engine in a worker; its chunk loads only when a set is opened.
const ChangeReview = lazy(() => import('../audience/ChangeReview').then((m) => ({ default: m.ChangeReview })));

const backLink = (
  <ChakraLink asChild color="blue.700">
    <Link to="/change-sets">All change sets</Link>
  </ChakraLink>
);

export default function ChangeSetPage() {
  const { id = '' } = useParams();
  if (!isChangeSetId(id)) {
    return (
      <Stack gap="2">
        <Heading as="h1" size="lg">
          Unknown change set
        </Heading>
        <Text>“{id}” is not a change set id.</Text>
        <Text>{backLink}</Text>
      </Stack>
    );
  }
  return <ChangeSetView key={id} id={id} />;
}

function ChangeSetView({ id }: { id: string }) {
  const session = useSessionStore((s) => s.session);
  const requireApproval = useRequireApproval();
  const { changeSet, loadError, carried, carriedError, stale, dismissStale, act, reload } = useChangeSet(id);
  const permissions = useMemo(
    () =>
      changeSet && session
        ? // Until the service has said, assume approval is on: it only ever hides a Publish button too many.
          permissionsFor({
            username: session.username,
            role: session.role,
            changeSet,
            requireApproval: requireApproval ?? true,
            carried,
          })
        : null,
    [changeSet, session, requireApproval, carried],
  );

  if (loadError) {
    return (
      <Stack gap="2">
        <Text role="alert" color="red.700">
          Could not open the change set: {loadError}
        </Text>
        <Text>{backLink}</Text>
      </Stack>
    );
  }
  if (!changeSet || !permissions)
    return (
      <Center p="8">
        <Spinner aria-label="Loading the change set" />
      </Center>
    );

  return (
    <Stack gap="4">
      <Text>{backLink}</Text>
      <ChangeSetTitle changeSet={changeSet} permissions={permissions} act={act} />
      {stale && <StaleAlert notice={stale} onDismiss={dismissStale} />}
      {carriedError && (
        <Text role="alert" color="red.700">
          Could not read the carried drafts: {carriedError}
        </Text>
      )}
      <ChangeSetActions
        changeSet={changeSet}
        permissions={permissions}
        requireApproval={requireApproval ?? true}
        act={act}
      />
      <ChangeSetMembers changeSet={changeSet} carried={carried} permissions={permissions} act={act} />
      <Review changeSet={changeSet} carried={carried} />
      <ChangeSetComments
        changeSet={changeSet}
        carried={carried}
        canComment={isAllowed(permissions.comment)}
        act={act}
      />
      <ChangeSetHistory changeSet={changeSet} />
      <ChangeSetShares changeSet={changeSet} canShare={isAllowed(permissions.share)} reload={reload} />
    </Stack>
  );
}

function StaleAlert({ notice, onDismiss }: { notice: StaleNotice; onDismiss: () => void }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{notice.message}</Alert.Title>
        <Alert.Description>
          <List.Root>
            {notice.changes.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
          <Button size="xs" variant="outline" onClick={onDismiss} mt="2">
            Dismiss
          </Button>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** What the set changes for whom, on the carried drafts, once all of them are read. */
function Review({ changeSet, carried }: { changeSet: ChangeSet; carried: readonly CarriedDraft[] }) {
  const members = useMemo(() => carried.map((c) => ({ id: c.id, draftText: c.text })), [carried]);
  if (changeSet.state === 'published' || changeSet.members.length === 0) return null;
  const ready = members.length === changeSet.members.length;
  return (
    <Box as="section" aria-labelledby="change-set-review" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md" id="change-set-review" mb="3">
        Review: what changes for whom
      </Heading>
      {ready ? (
        <Suspense fallback={<Spinner aria-label="Loading the review" />}>
          <ChangeReview members={members} />
        </Suspense>
      ) : (
        <Spinner aria-label="Reading the carried drafts" />
      )}
    </Box>
  );
}
