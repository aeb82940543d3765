// The validation thread's entry (validation-thread.ts): registers tsx's loader, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./validation-worker.ts');
