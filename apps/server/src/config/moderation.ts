import { z } from 'zod';

/** How long a queue item may wait for a decision, per priority (docs/trust-and-safety.md). */
export const moderationEnvShape = {
  MODERATION_TARGET_HOURS: z
    .string()
    .default('1,4,24,48,72')
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .refine(
      (hours) => hours.length === 5 && hours.every((hour) => Number.isFinite(hour) && hour > 0),
      'must be five positive numbers of hours: urgent, doxxing, notices, appeals, other',
    ),
};

export interface ModerationSettings {
  /** How long an item may wait for a decision, per queue priority (urgent, doxxing, notice, appeal, other). */
  moderationTargetHours: number[];
}

export function moderationSettings(e: z.infer<z.ZodObject<typeof moderationEnvShape>>): ModerationSettings {
  return { moderationTargetHours: e.MODERATION_TARGET_HOURS };
}
