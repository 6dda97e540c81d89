import { TRPCError } from '@trpc/server';

/** The tRPC error a call fails with; the test fails if the call succeeds or throws anything else. */
export async function failure(call: () => Promise<unknown>): Promise<TRPCError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
