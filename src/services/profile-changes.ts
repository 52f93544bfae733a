/**
 * Tells whoever shows the job seeker's profile completion (the navigation's meter, the dashboard)
 * that a section was saved, so they read it again without a page reload; and tells the
 * navigation's user menu the new profile photo.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** The profile photo as the navigation shows it: the address an `<img>` loads, and until when that address works. */
export interface ProfilePhoto {
  src: string;
  /** ISO 8601. */
  expiresAt: string;
}
type PhotoListener = (photo: ProfilePhoto | null) => void;
const photoListeners = new Set<PhotoListener>();

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
  /** Called after the profile photo was replaced, or removed (null). */
  photoChanged(photo: ProfilePhoto | null) {
    for (const listener of [...photoListeners]) listener(photo);
  },
  /** Returns the function that stops listening. */
  subscribePhoto(listener: PhotoListener): () => void {
    photoListeners.add(listener);
    return () => photoListeners.delete(listener);
  },
};
