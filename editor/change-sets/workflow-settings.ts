/**
 * Whether this deployment needs approval before publishing (REQUIRE_APPROVAL, told by GET /api/change-sets).
 * Read once per page load and shared, since the document toolbar and the change-set pages all ask.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { listChangeSets } from '../api/change-sets-api';

interface WorkflowSettings {
  /** null until known; stays null when the list could not be read (the old Publish… then stays, and the service still refuses it if approval is on). */
  requireApproval: boolean | null;
  status: 'idle' | 'loading' | 'done';
  load: () => void;
  /** Pages that read the list anyway report what it said. */
  report: (requireApproval: boolean) => void;
}

export const useWorkflowSettings = create<WorkflowSettings>((set, get) => ({
  requireApproval: null,
  status: 'idle',
  load: () => {
    if (get().status !== 'idle') return;
    set({ status: 'loading' });
    listChangeSets().then(
      (list) => set({ requireApproval: list.requireApproval, status: 'done' }),
      () => set({ status: 'done' }),
    );
  },
  report: (requireApproval) => set({ requireApproval, status: 'done' }),
}));

/** true / false once known, null before (or when it could not be read). */
export function useRequireApproval(enabled = true): boolean | null {
  const requireApproval = useWorkflowSettings((s) => s.requireApproval);
  const load = useWorkflowSettings((s) => s.load);
  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);
  return requireApproval;
}
