/** The product's name, as every page title, mail and feed writes it. Kept alone, so the first page's shell can name it without more. */
export const PRODUCT_NAME = 'Job Marketplace';
