import { z } from 'zod';

const address = z.email({ error: 'expected an e-mail address' }).max(254);

/** Body of `POST /api/send_email`. */
export const EmailInput = z
  .strictObject({
    to: z.union([address, z.array(address).min(1, 'expected at least one recipient').max(10, 'expected at most 10 recipients')], {
      error: 'expected an e-mail address or a list of 1 to 10 of them',
    }),
    subject: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[^\r\n]*$/, 'expected a single line without line breaks')
      .meta({ pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$' }),
    // Both together stay within the 64 KiB body limit for ASCII text.
    text: z.string().min(1).max(30_000).optional(),
    markdown: z.string().min(1).max(30_000).optional(),
  })
  .refine((m) => m.text !== undefined || m.markdown !== undefined, {
    message: 'expected text or markdown',
    path: ['text'],
  })
  .meta({ id: 'EmailMessage', anyOf: [{ required: ['text'] }, { required: ['markdown'] }], description: 'text, markdown or both; the whole body at most 64 KiB' });
export type EmailInput = z.infer<typeof EmailInput>;
