import { z } from 'zod';

export const FEEDBACK_TYPES = ['bug', 'suggestion', 'question', 'other'] as const;
export const FeedbackType = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof FeedbackType>;

// Trimmed before the length check: a blank value is refused, as the pattern tells schema readers.
const optionalText = (max: number) => z.string().trim().min(1).max(max).meta({ pattern: '\\S' }).optional();

/** Body of `POST /api/feedback`. */
export const FeedbackInput = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, 'expected text that is not blank')
    .max(5000, 'expected at most 5000 characters')
    .meta({ pattern: '\\S' }),
  type: FeedbackType.default('other'),
  contact: optionalText(200),
  client_version: optionalText(50),
  platform: optionalText(50),
}).meta({ id: 'NewFeedback', description: 'a feedback submission' });
export type FeedbackInput = z.infer<typeof FeedbackInput>;
