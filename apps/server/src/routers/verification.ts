import { verificationCodeField } from '@exrated/content/fields';
import { PHONE_NUMBER_MESSAGE } from '@exrated/content/phone';
import { MAX_TAB_RATING_CLAIMS } from '@exrated/content/rating-claims';
import { z } from 'zod';
import { phoneNumberField } from '../services/phone/phone';
import { checkVerificationCode, sendVerificationCode } from '../services/verification/verification-service';
import { router } from '../trpc/init';
import { deviceProcedure, publicProcedure } from '../trpc/procedures';

export const sendCodeInput = z.strictObject({ phoneNumber: phoneNumberField(PHONE_NUMBER_MESSAGE) });

export const checkCodeInput = z.strictObject({
  phoneNumber: phoneNumberField(PHONE_NUMBER_MESSAGE),
  code: verificationCodeField,
  /** What `rating.submit` gave this tab for its ratings before any phone stood behind them. */
  claims: z.array(z.string().max(100)).max(MAX_TAB_RATING_CLAIMS).optional(),
});

/** Phone proof by SMS code (docs/product.md#verification, docs/security.md#codes). */
export const verificationRouter = router({
  send: deviceProcedure
    .input(sendCodeInput)
    .mutation(({ ctx, input }) => sendVerificationCode(ctx, input.phoneNumber)),
  check: deviceProcedure
    .input(checkCodeInput)
    .mutation(({ ctx, input }) =>
      checkVerificationCode(ctx, input.phoneNumber, input.code, input.claims ?? []),
    ),
  /**
   * The country the phone input starts on (from the request's proxy or language headers, else 'us') and the
   * countries texts go to (ALLOWED_SMS_COUNTRIES), which the browser lists first and checks a number against
   * before it asks for a code. Both as lowercase ISO 3166 alpha-2, the phone input's own codes.
   */
  defaultCountry: publicProcedure.query(({ ctx }) => ({
    country: ctx.request.countryHint ?? 'us',
    textableCountries: ctx.config.allowedSmsCountries.map((country) => country.toLowerCase()),
  })),
});
