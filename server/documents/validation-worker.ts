/** Runs in the validation thread (validation-thread.ts): the one validator, answering requests in order. */
import { parentPort } from 'node:worker_threads';
import { getValidators, validateDocument } from '../../schemas/validator/index';
import type { ValidationReply, ValidationRequest } from './validation-thread';

// Compile the schemas before the first request arrives.
getValidators();
parentPort!.on('message', ({ seq, source, context }: ValidationRequest) => {
  let reply: ValidationReply;
  try {
    const result = validateDocument(source, context);
    reply = { seq, result: result.problems.length === 0 ? result : { id: result.id, file: result.file, problems: result.problems, problemCount: result.problemCount } };
  } catch (error) {
    reply = { seq, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
