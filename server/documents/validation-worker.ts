/** Runs in the validation thread (validation-thread.ts): the one validator, answering requests in order. */
import { parentPort } from 'node:worker_threads';
import { getValidators } from '../../schemas/validator/index';
import { validateDraftSource, type ValidationReply, type ValidationRequest } from './validation-thread';

// Compile the schemas before the first request arrives.
getValidators();
parentPort!.on('message', ({ seq, source, context }: ValidationRequest) => {
  let reply: ValidationReply;
  try {
    const { validated, text } = validateDraftSource(source, context);
    // A refused document's parsed value is not sent back: copying it would cost the event loop what the thread saved.
    const slim =
      validated.problems.length === 0
        ? validated
        : {
            id: validated.id,
            file: validated.file,
            problems: validated.problems,
            problemCount: validated.problemCount,
          };
    reply = { seq, result: { validated: slim, text } };
  } catch (error) {
    reply = { seq, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
