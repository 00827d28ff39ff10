import type { SAFETY_JA } from './safety-ja.ts';

type Texts<T> = { [K in keyof T]: string };

export const SAFETY_EN: Texts<typeof SAFETY_JA> = {
  nav: 'Minors’ purchase caps',
  capsHeading: 'Minors’ monthly point-purchase caps (tax included)',
  capsLead:
    'Age comes from the birth date; the month resets on the 1st at 00:00 Japan time. The server checks at payment start (pending and paid purchases).',
  under16: 'Under 16 (yen)',
  under18: '16–17 (yen)',
  saved: 'Saved.',
  readOnly: 'Only an owner can change the caps.',
  ageHeading: 'Age and purchase caps',
  birthDate: 'Date of birth',
  notSet: 'Not entered',
  age: 'Age',
  consent: 'Guardian’s consent',
  cap: 'This month’s cap',
  noCap: 'None (18 or over)',
  capValue: '¥{{cap}} (¥{{left}} left, resets {{at}})',
  spent: 'Points bought this month (pending included)',
  correctHeading: 'Correct the birth date (support)',
  correctLead:
    'Members cannot change their birth date. Correct it after checking who they are and record why (it goes to the audit log).',
  newBirthDate: 'Correct date of birth',
  reason: 'Reason',
  correct: 'Correct',
};
