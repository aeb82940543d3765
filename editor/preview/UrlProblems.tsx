import { Alert, Code, List } from '@chakra-ui/react';
import type { ParamError } from '../../schemas/contracts/preview-params';

/** Bad link parameters: each names the parameter, the value given and the valid values; the rest of the link still applies. */
export function UrlProblems({ errors }: { errors: readonly ParamError[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          This link has {errors.length === 1 ? 'a parameter' : `${errors.length} parameters`} the preview cannot use; it
          shows the default instead.
        </Alert.Title>
        <Alert.Description>
          <List.Root ps="4" mt="1">
            {errors.map((error) => (
              <List.Item key={`${error.param}=${error.value}`}>
                <Code>{error.param}</Code> = <Code>{error.value || '(empty)'}</Code>: {error.message}
                {error.validValues && <> Valid values: {error.validValues.join(', ')}.</>}
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
