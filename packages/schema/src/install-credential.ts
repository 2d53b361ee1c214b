import { z } from 'zod';

/** What `POST /api/installs` answers: the credential an install keeps and sends as its install id. */
export const InstallCredential = z
  .strictObject({
    install_id: z.string().meta({ description: 'a UUID (version 8) the service issued and can verify: send it as install_id on every update check (electron-updater: write it to .updaterId) and with bug reports', examples: ['5a1b0c3d-9e2f-8a47-b1c2-d3e4f5a6b7c8'] }),
    issued_on: z.string().meta({ description: 'the UTC day it was issued, YYYY-MM-DD: its bug reports count in a guard from the next day on' }),
  })
  .meta({ id: 'InstallCredential', description: "an install's credential: the id the service counts in release health and guards" });
export type InstallCredential = z.infer<typeof InstallCredential>;
