import useSWR, { type SWRResponse } from 'swr';
import type { HeaderCallId } from '../../schemas/contracts/api-calls';
import { useApiClient } from '../api/api-context';
import { planShellCall, type ShellCallData, type ShellCallInputs } from './shell-calls';

/**
 * One header call through SWR, with the key, fetcher and options of its row in SHELL_CALLS (shell-calls.ts).
 * No key, no call: SWR waits until the inputs the row waits for are there.
 */
export function useShellCall<Id extends HeaderCallId>(id: Id, inputs: ShellCallInputs): SWRResponse<ShellCallData<Id>> {
  const client = useApiClient();
  const planned = planShellCall(id, inputs);
  return useSWR(planned ? planned.key : null, () => planned!.fetch(client), planned?.swr);
}
