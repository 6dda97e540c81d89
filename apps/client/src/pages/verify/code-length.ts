/** docs/product.md#verification: codes have 6 digits. */
export const CODE_LENGTH = 6;
