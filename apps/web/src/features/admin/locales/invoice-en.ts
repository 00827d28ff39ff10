/** The console's texts of the invoice registration number (decision 044), in English. */
export const INVOICE_EN = {
  nav: 'Invoice registration',
  heading: 'Qualified invoice issuer registration number',
  lead: 'Shown on every point-purchase receipt (mail and receipt page) and on the Specified Commercial Transactions and Payment Services notices. T and 13 digits; the first digit is checked as the check digit. Leave it empty until registered (shown as “Registration pending”).',
  number: 'Registration number',
  placeholder: 'T1234567890123',
  current: 'Current number',
  none: 'Not set (shown as registration pending)',
  saved: 'Saved.',
  readOnly: 'Only an owner can change the registration number.',
};
