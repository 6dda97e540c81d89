/** Spec section 9: codes have 6 digits. */
export const CODE_LENGTH = 6;
