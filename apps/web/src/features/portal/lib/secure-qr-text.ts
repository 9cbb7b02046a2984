import { secureQrText } from '@mohar/contracts';

/** A Secure QR reads as one long decimal number; any other QR code is not an Aadhaar's. */
export const isSecureQrText = (text: string) => secureQrText.safeParse(text).success;
