export { channelReleases } from './channel-releases';
export { FileRollouts, type Superseded } from './file-rollouts';
export { type GuardCase, type GuardSources, type GuardVerdict, judgeGuard, MAX_UNOFFERED_SHARE } from './guard-judgement';
export { guardStatuses, NOT_JUDGED_YET } from './guard-status';
export { withHalts } from './halted-content';
export { type Adoption, feedbackRates, type FeedbackRates, feedbackTypes, type HealthDay, healthDays, NO_PLATFORM, releaseHealth, type ReleaseHealthData } from './release-health';
export { type GuardJudgement, type RolloutHaltOptions, RolloutHalts } from './rollout-halts';
