/**
 * What `npm run store:check [-- --repair]` reports: every integrity problem in a store, one line each
 * (the file, what is wrong, what was or is to be done), then a summary. Checking writes nothing;
 * `repair` applies what the server itself repairs at start (docs/operations.md#repair).
 */
import path from 'node:path';
import { REPAIR_GUIDE } from './document-damage';
import type { Finding } from './document-inspection';
import { FileStore } from './file-store';

export interface StoreCheckResult {
  lines: string[];
  /** 0: nothing wrong (or, with repair, nothing left that needs a person); 1 otherwise. */
  exitCode: 0 | 1;
}

const STATUS_TEXT: Record<Finding['status'], string> = {
  repaired: 'repaired',
  repairable: 'repair with --repair (or a restart)',
  manual: 'by hand',
};

export async function checkStore(dir: string, options: { repair: boolean }): Promise<StoreCheckResult> {
  const { recovery } = await FileStore.open({ dir, repair: options.repair });
  const findings = [...recovery.findings];
  if (recovery.tempFilesRemoved > 0)
    findings.unshift({
      file: '(temp files)',
      problem: `${recovery.tempFilesRemoved} left by an interrupted write`,
      status: 'repaired',
      action: 'removed (they never became part of the store)',
    });
  const lines = findings.map((f) => `${f.file}: ${f.problem} — ${STATUS_TEXT[f.status]}: ${f.action}`);
  const count = (status: Finding['status']) => findings.filter((f) => f.status === status).length;
  const relative = path.relative(process.cwd(), dir);
  const where = relative && !relative.startsWith('..') ? relative : dir;
  const manual = count('manual');
  if (findings.length === 0) lines.push(`✓ ${where}: no problems`);
  else {
    const parts = [
      count('repaired') > 0 ? `${count('repaired')} repaired` : '',
      count('repairable') > 0 ? `${count('repairable')} repairable with --repair` : '',
      manual > 0 ? `${manual} to repair by hand (${REPAIR_GUIDE})` : '',
    ].filter(Boolean);
    lines.push(
      `${manual > 0 || !options.repair ? '✗' : '✓'} ${where}: ${findings.length} problem${findings.length === 1 ? '' : 's'}: ${parts.join(', ')}`,
    );
  }
  const clean = options.repair ? manual === 0 : findings.length === 0;
  return { lines, exitCode: clean ? 0 : 1 };
}
