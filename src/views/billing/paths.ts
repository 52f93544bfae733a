/** The employer's billing page. */
export const BILLING_PATH = '/user/billing';

/** One invoice's page. */
export const invoiceHref = (id: string) => `${BILLING_PATH}/invoices/${encodeURIComponent(id)}`;
