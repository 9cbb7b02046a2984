import { MIN_AGE_YEARS } from '@mohar/contracts/constants';

export type RegisterFormValues = {
  name: string;
  email: string;
  /** The 10 digits after the +91 shown beside the field. */
  mobile: string;
  password: string;
  confirmPassword: string;
  role: 'client' | 'notary';
  dateOfBirth: string;
  termsAccepted: boolean;
};

export const emptyRegisterForm = (): RegisterFormValues => ({
  name: '',
  email: '',
  mobile: '',
  password: '',
  confirmPassword: '',
  role: 'client',
  dateOfBirth: '',
  termsAccepted: false,
});

/** The latest date of birth an adult can have on `today` (YYYY-MM-DD): the date picker's maximum. */
export function latestAdultBirthDate(today: string): string {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  // 29 February has no twin in most years: the 1 March rule of ageOn() makes 28 Feb + 1 day the boundary.
  const date = new Date(Date.UTC(year - MIN_AGE_YEARS, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
