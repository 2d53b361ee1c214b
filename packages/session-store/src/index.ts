export { openFileSignedOutSessions, SIGNED_OUT_FILE, type SignedOutSessions } from './signed-out-sessions';
export { generatedSessionSecret, SESSION_SECRET_FILE } from './session-secret';
