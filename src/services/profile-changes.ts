/**
 * Tells whoever shows the job seeker's profile completion (the navigation's meter, the dashboard)
 * that a section was saved, so they read it again without a page reload.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const profileChanges = {
  /** Called after every successful save of a profile section. */
  changed() {
    for (const listener of [...listeners]) listener();
  },
  /** Returns the function that stops listening. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
