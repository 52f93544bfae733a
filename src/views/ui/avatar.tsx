import { useState } from 'react';
import { fullName, initials, type PersonName } from '../../lib/names.ts';
import { cx } from './cx.ts';

const sizes = {
  /** 24 px, beside a name in the navigation. */
  sm: 'size-3 text-[10px]',
  /** 96 px, on the profile page. */
  lg: 'size-12 text-3xl',
};

/**
 * A person's photo, or their initials when there is none or it cannot be loaded. Decorative
 * (hidden from assistive technology) unless `labelled`, where the name says whose it is.
 */
export function Avatar({
  src,
  person,
  size = 'sm',
  labelled = false,
}: {
  src: string | null;
  person: PersonName;
  size?: keyof typeof sizes;
  labelled?: boolean;
}) {
  // The address that failed, so a new photo gets its own chance.
  const [broken, setBroken] = useState<string | null>(null);
  const shape = cx('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', sizes[size]);
  const name = fullName(person);
  if (src && broken !== src) {
    return (
      <img
        src={src}
        alt={labelled ? `Profile photo of ${name}` : ''}
        className={cx(shape, 'object-cover')}
        onError={() => setBroken(src)}
      />
    );
  }
  return (
    <span
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? `${name}: no profile photo` : undefined}
      aria-hidden={labelled ? undefined : true}
      className={cx(shape, 'bg-brand-700 font-bold text-white')}
    >
      {initials(person)}
    </span>
  );
}
