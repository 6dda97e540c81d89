/** The /verify screen's chunk: the route renders it, and /rate fetches it early when it is about to send a visitor there. */
export const loadVerifyPage = () => import('./VerifyPage');
