import { useAppConfig } from '../../app/app-config.tsx';
import { Alert } from '../ui/alert.tsx';

/**
 * A failed sign-in, registration or verification (spec 1 §8): the first message is shown; when the
 * server gave more than one, a contact-support mail link is added.
 */
export function ServerErrors({ errors, className }: { errors: readonly string[]; className?: string }) {
  const { supportEmail } = useAppConfig();
  if (!errors.length) return null;
  return (
    <Alert tone="error" className={className}>
      <p>{errors[0]}</p>
      {errors.length > 1 && (
        <p className="mt-0.5">
          Still stuck?{' '}
          <a href={`mailto:${supportEmail}`} className="font-semibold underline">
            Contact support
          </a>
        </p>
      )}
    </Alert>
  );
}
