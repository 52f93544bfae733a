import { z } from 'zod';
import { jobDataSchema, stepTrackingSchema, type JobData, type StepTracking } from '../contract/posting.ts';

/**
 * Changes to a job post draft that the server has not taken yet, kept in this browser so that a
 * failed save or a closed tab loses nothing; the wizard offers them back when the draft reopens.
 */
export interface LocalDraft {
  jobData: JobData;
  stepTracking: StepTracking;
  /** ISO 8601: when they were kept. */
  savedAt: string;
}

const localDraftSchema = z.object({
  jobData: jobDataSchema,
  stepTracking: stepTrackingSchema,
  savedAt: z.string(),
});

const KEY_PREFIX = 'jobDraft:';
export const draftKey = (draftId: string) => `${KEY_PREFIX}${draftId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null;
  }
}

export const draftStore = {
  /** The unsaved changes of a draft, if any were kept and still read as a draft. */
  read(draftId: string): LocalDraft | null {
    try {
      const raw = storage()?.getItem(draftKey(draftId));
      if (!raw) return null;
      const parsed = localDraftSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  write(draftId: string, draft: LocalDraft) {
    try {
      storage()?.setItem(draftKey(draftId), JSON.stringify(draft));
    } catch {
      // A full or blocked storage keeps nothing; the wizard still says the draft is not saved.
    }
  },
  clear(draftId: string) {
    try {
      storage()?.removeItem(draftKey(draftId));
    } catch {
      // Nothing to forget.
    }
  },
};
