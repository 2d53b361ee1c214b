// apt-get as the test tools run it: an apt-get already running (unattended upgrades on a fresh
// machine, another install) holds dpkg's lock, and apt-get then gives up at once (exit 100) unless
// told to wait for it. DPkg::Lock::Timeout makes it wait, printing that it does, up to 10 minutes.
export const LOCK_TIMEOUT_S = 600;

/** The arguments of an apt-get command that waits for dpkg's lock: `apt-get ${aptGetArgs(['install', ...])}`. */
export const aptGetArgs = (args) => ['-o', `DPkg::Lock::Timeout=${LOCK_TIMEOUT_S}`, ...args];
