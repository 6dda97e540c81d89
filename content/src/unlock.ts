/**
 * docs/product.md#limits: how many exes a person rates before they may read what was said about them. The
 * server enforces it (the unlocked procedures); the pages count down to it. One number, read by both from
 * here.
 */
export const RATINGS_TO_UNLOCK = 2;
