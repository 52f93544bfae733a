/** The two events a form machine takes from a field (see src/machines/form.ts). */
type FieldEvent<F extends string> = { type: 'field.change'; field: F; value: string } | { type: 'field.blur'; field: F };

/**
 * Connects text fields to a form machine: `bind('email')` gives a field its name, value and shown
 * error, and sends the machine `field.change` and `field.blur`.
 */
export function fieldBinder<F extends string>(
  send: (event: FieldEvent<F>) => void,
  values: Partial<Record<F, string>>,
  errors: Partial<Record<F, string>>,
) {
  return (field: F) => ({
    name: field,
    value: values[field] ?? '',
    error: errors[field],
    onChange: (e: { target: { value: string } }) => send({ type: 'field.change', field, value: e.target.value }),
    onBlur: () => send({ type: 'field.blur', field }),
  });
}
