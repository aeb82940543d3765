import { Box, Button, chakra, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, describeApiError } from '../api/api-error';
import { useSessionStore } from './session-store';

/** Only same-app paths are followed after sign-in, so a crafted ?from cannot send the user elsewhere. */
function safeReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/signin')
    ? from
    : '/';
}

/** The server's messages are terse and lower-case; these say what to do next. */
export function signInErrorText(cause: unknown): string {
  if (!(cause instanceof ApiError)) return 'Sign-in failed. Try again.';
  if (cause.kind === 'invalid-credentials') return 'Wrong username or password.';
  if (cause.kind === 'rate-limited')
    return 'Too many sign-in attempts from this computer. Wait a minute, then try again.';
  if (cause.kind === 'network')
    return 'The config service could not be reached. Check that it is running, then try again.';
  // Anything else (users.json damaged, the service failing) keeps the server's hint: it says how to repair.
  return `Sign-in failed: ${describeApiError(cause)}`;
}

export function SignInPage() {
  const signIn = useSessionStore((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(username, password);
      navigate(safeReturnPath(location.state), { replace: true });
    } catch (cause) {
      setError(signInErrorText(cause));
      setBusy(false);
    }
  }

  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" bg="gray.50" p="4">
      <chakra.form
        onSubmit={onSubmit}
        bg="white"
        p="8"
        borderRadius="md"
        boxShadow="md"
        w="full"
        maxW="sm"
        noValidate
        aria-describedby={error ? errorId : undefined}
      >
        <Stack gap="4">
          <Heading as="h1" size="lg">
            Sign in to the portal editor
          </Heading>
          <Field.Root required>
            <Field.Label>Username</Field.Label>
            <Input
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Password</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field.Root>
          {error && (
            <Text id={errorId} role="alert" color="red.700" fontWeight="medium">
              {error}
            </Text>
          )}
          <Button type="submit" colorPalette="blue" loading={busy} disabled={!username || !password}>
            Sign in
          </Button>
        </Stack>
      </chakra.form>
    </Box>
  );
}
