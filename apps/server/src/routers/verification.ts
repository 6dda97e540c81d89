import { z } from 'zod';
import { phoneNumberField } from '../services/phone/phone';
import { checkVerificationCode, sendVerificationCode } from '../services/verification/verification-service';
import { router } from '../trpc/init';
import { deviceProcedure, publicProcedure } from '../trpc/procedures';

const PHONE_MESSAGE = 'Please enter a valid phone number with country code';

export const sendCodeInput = z.strictObject({ phoneNumber: phoneNumberField(PHONE_MESSAGE) });

export const checkCodeInput = z.strictObject({
  phoneNumber: phoneNumberField(PHONE_MESSAGE),
  code: z
    .string({ message: 'Please enter the complete 6-digit code' })
    .regex(/^\d{6}$/, 'Please enter the complete 6-digit code'),
});

/** Phone proof by SMS code (docs/product.md#verification, docs/security.md#codes). */
export const verificationRouter = router({
  send: deviceProcedure
    .input(sendCodeInput)
    .mutation(({ ctx, input }) => sendVerificationCode(ctx, input.phoneNumber)),
  check: deviceProcedure
    .input(checkCodeInput)
    .mutation(({ ctx, input }) => checkVerificationCode(ctx, input.phoneNumber, input.code)),
  /** The country the phone input starts on: from the request's proxy or language headers, else 'us'. */
  defaultCountry: publicProcedure.query(({ ctx }) => ({ country: ctx.request.countryHint ?? 'us' })),
});
