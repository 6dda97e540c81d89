/**
 * The limits and messages of a notice's fields (docs/trust-and-safety.md#notices), read by the server's input
 * schema and by the forms that file a notice or an appeal.
 */
/** A notice's or an appeal's text: at most 2,000 characters. */
export const NOTICE_TEXT_MAX = 2000;
export const NOTICE_CONTACT_MAX = 200;
export const NOTICE_REASON_MESSAGE = 'Please choose why you are reporting this.';
