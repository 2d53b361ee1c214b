/**
 * The bytes of the example builds the shipped content describes (content/changelog/*: their
 * artifacts were written by `pnpm release:artifacts` from these bytes, signed with
 * fixtures/release-signing-test.pem), so tests can serve and verify them.
 */
export const exampleBuild = (version: string, platform: string): Buffer => Buffer.from(`Tunnel Companion ${version} for ${platform}\n`.repeat(2048));
