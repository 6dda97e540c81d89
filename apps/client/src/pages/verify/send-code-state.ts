// How another screen asks /verify to text a code at once: the number travels in the router's location.state,
// never in the URL (phone numbers stay out of request logs and history).

interface SendCodeState {
  sendCodeTo: string;
}

export function sendCodeState(phone: string): SendCodeState {
  return { sendCodeTo: phone };
}

/** The number a code should be texted to on arrival, or null. */
export function readSendCodeTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('sendCodeTo' in state)) return null;
  return typeof state.sendCodeTo === 'string' && state.sendCodeTo !== '' ? state.sendCodeTo : null;
}
