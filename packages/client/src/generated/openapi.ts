// Generated from the service's /openapi.json by `pnpm --filter @companion/client generate`. Do not edit:
// a test fails when this file and the live document disagree.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This service index */
        get: operations["getRoot"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsRoot"];
        /** Headers of: This service index */
        head: operations["headRoot"];
        patch?: never;
        trace?: never;
    };
    "/api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This service index */
        get: operations["getApi"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsApi"];
        /** Headers of: This service index */
        head: operations["headApi"];
        patch?: never;
        trace?: never;
    };
    "/api/notice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active notices, highest priority first; for a client version, platform and channel, those meant for it; in the client's language */
        get: operations["getNotice"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNotice"];
        /** Headers of: Active notices, highest priority first; for a client version, platform and channel, those meant for it; in the client's language */
        head: operations["headNotice"];
        patch?: never;
        trace?: never;
    };
    "/api/notice/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every notice, active or not, in the client's language */
        get: operations["getNoticeAll"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNoticeAll"];
        /** Headers of: Every notice, active or not, in the client's language */
        head: operations["headNoticeAll"];
        patch?: never;
        trace?: never;
    };
    "/api/notice/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest active notice (meant for the client, in its language) */
        get: operations["getNoticeLatest"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNoticeLatest"];
        /** Headers of: The newest active notice (meant for the client, in its language) */
        head: operations["headNoticeLatest"];
        patch?: never;
        trace?: never;
    };
    "/api/notice/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Total and active notices per type */
        get: operations["getNoticeTypes"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNoticeTypes"];
        /** Headers of: Total and active notices per type */
        head: operations["headNoticeTypes"];
        patch?: never;
        trace?: never;
    };
    "/api/notice/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One notice by id, active or not, in the client's language */
        get: operations["getNoticeById"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNoticeById"];
        /** Headers of: One notice by id, active or not, in the client's language */
        head: operations["headNoticeById"];
        patch?: never;
        trace?: never;
    };
    "/api/notice/{id}/event.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event a notice announces (a maintenance window) as an iCalendar file to add to a calendar; 404 when the notice has no event window */
        get: operations["getNoticeByIdEventIcs"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNoticeByIdEventIcs"];
        /** Headers of: The event a notice announces (a maintenance window) as an iCalendar file to add to a calendar; 404 when the notice has no event window */
        head: operations["headNoticeByIdEventIcs"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All stable releases keyed by version, newest first */
        get: operations["getChangelog"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelog"];
        /** Headers of: All stable releases keyed by version, newest first */
        head: operations["headChangelog"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest stable release offered to every install (one in a staged rollout is not, until it reaches 100%) */
        get: operations["getChangelogLatest"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogLatest"];
        /** Headers of: The newest stable release offered to every install (one in a staged rollout is not, until it reaches 100%) */
        head: operations["headChangelogLatest"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All preview releases keyed by version, newest first */
        get: operations["getChangelogPreview"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogPreview"];
        /** Headers of: All preview releases keyed by version, newest first */
        head: operations["headChangelogPreview"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog/preview/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest preview release offered to every install (one in a staged rollout is not, until it reaches 100%) */
        get: operations["getChangelogPreviewLatest"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogPreviewLatest"];
        /** Headers of: The newest preview release offered to every install (one in a staged rollout is not, until it reaches 100%) */
        head: operations["headChangelogPreviewLatest"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog/preview/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One preview release */
        get: operations["getChangelogPreviewByVersion"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogPreviewByVersion"];
        /** Headers of: One preview release */
        head: operations["headChangelogPreviewByVersion"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One stable release */
        get: operations["getChangelogByVersion"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogByVersion"];
        /** Headers of: One stable release */
        head: operations["headChangelogByVersion"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog/since/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download */
        get: operations["getChangelogSinceByVersion"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogSinceByVersion"];
        /** Headers of: Stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download */
        head: operations["headChangelogSinceByVersion"];
        patch?: never;
        trace?: never;
    };
    "/api/changelog/preview/since/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview and stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download */
        get: operations["getChangelogPreviewSinceByVersion"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogPreviewSinceByVersion"];
        /** Headers of: Preview and stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download */
        head: operations["headChangelogPreviewSinceByVersion"];
        patch?: never;
        trace?: never;
    };
    "/api/installs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A credential for a new install (no body): keep it and send it as install_id on update checks and bug reports; limited per network (RATE_LIMIT_INSTALLS, default 20 an hour per /24 or /48) */
        post: operations["postInstalls"];
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsInstalls"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/updates/electron/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and those of the rc, beta, alpha and preview channels): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture and packages */
        get: operations["getUpdatesElectronByFile"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesElectronByFile"];
        /** Headers of: electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and those of the rc, beta, alpha and preview channels): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture and packages */
        head: operations["headUpdatesElectronByFile"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/electron/{version}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and those of the rc, beta, alpha and preview channels): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture and packages; the version the app runs ends the feed URL */
        get: operations["getUpdatesElectronByVersionByFile"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesElectronByVersionByFile"];
        /** Headers of: electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and those of the rc, beta, alpha and preview channels): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture and packages; the version the app runs ends the feed URL */
        head: operations["headUpdatesElectronByVersionByFile"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/electron/download/{version}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A build (or its .blockmap) named in a channel file whose feed URL carried an install id or version: 302 to the build's own URL, without the query electron-updater copied onto it */
        get: operations["getUpdatesElectronDownloadByVersionByFile"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesElectronDownloadByVersionByFile"];
        /** Headers of: A build (or its .blockmap) named in a channel file whose feed URL carried an install id or version: 302 to the build's own URL, without the query electron-updater copied onto it */
        head: operations["headUpdatesElectronDownloadByVersionByFile"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/sparkle/{channel}/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A Sparkle appcast per channel and platform: the releases offered to the install with enclosures signed by sparkle:edSignature, build numbers, deltas, channels, critical updates, minimum system versions; the parameters of SUEnableSystemProfiling are ignored */
        get: operations["getUpdatesSparkleByChannelByPlatform"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesSparkleByChannelByPlatform"];
        /** Headers of: A Sparkle appcast per channel and platform: the releases offered to the install with enclosures signed by sparkle:edSignature, build numbers, deltas, channels, critical updates, minimum system versions; the parameters of SUEnableSystemProfiling are ignored */
        head: operations["headUpdatesSparkleByChannelByPlatform"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/tauri/{channel}/{target}/{arch}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tauri's updater JSON for a channel and platform: the newest release offered with its signed builds ({target}-{arch} and {target}-{arch}-{bundle}), or 204 when there is none */
        get: operations["getUpdatesTauriByChannelByTargetByArch"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesTauriByChannelByTargetByArch"];
        /** Headers of: Tauri's updater JSON for a channel and platform: the newest release offered with its signed builds ({target}-{arch} and {target}-{arch}-{bundle}), or 204 when there is none */
        head: operations["headUpdatesTauriByChannelByTargetByArch"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/tauri/{channel}/{target}/{arch}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tauri's updater JSON for a channel and platform: the newest release offered with its signed builds ({target}-{arch} and {target}-{arch}-{bundle}), or 204 when there is none */
        get: operations["getUpdatesTauriByChannelByTargetByArchByVersion"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesTauriByChannelByTargetByArchByVersion"];
        /** Headers of: Tauri's updater JSON for a channel and platform: the newest release offered with its signed builds ({target}-{arch} and {target}-{arch}-{bundle}), or 204 when there is none */
        head: operations["headUpdatesTauriByChannelByTargetByArchByVersion"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/squirrel/{channel}/{platform}/{version}/RELEASES": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Squirrel.Windows' RELEASES for an install (Electron's autoUpdater on Windows): the full package of the newest release offered to it and the delta packages that reach it from the install's version */
        get: operations["getUpdatesSquirrelByChannelByPlatformByVersionRELEASES"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesSquirrelByChannelByPlatformByVersionRELEASES"];
        /** Headers of: Squirrel.Windows' RELEASES for an install (Electron's autoUpdater on Windows): the full package of the newest release offered to it and the delta packages that reach it from the install's version */
        head: operations["headUpdatesSquirrelByChannelByPlatformByVersionRELEASES"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/squirrel/{channel}/{platform}/{version}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A package RELEASES names, beside it: 302 to the package on its host */
        get: operations["getUpdatesSquirrelByChannelByPlatformByVersionByFile"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesSquirrelByChannelByPlatformByVersionByFile"];
        /** Headers of: A package RELEASES names, beside it: 302 to the package on its host */
        head: operations["headUpdatesSquirrelByChannelByPlatformByVersionByFile"];
        patch?: never;
        trace?: never;
    };
    "/api/updates/squirrel/{channel}/{platform}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Squirrel.Mac's update JSON for an install (Electron's autoUpdater on macOS): the zip of the newest release offered to it, or 204 when it is up to date */
        get: operations["getUpdatesSquirrelByChannelByPlatformByVersion"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsUpdatesSquirrelByChannelByPlatformByVersion"];
        /** Headers of: Squirrel.Mac's update JSON for an install (Electron's autoUpdater on macOS): the zip of the newest release offered to it, or 204 when it is up to date */
        head: operations["headUpdatesSquirrelByChannelByPlatformByVersion"];
        patch?: never;
        trace?: never;
    };
    "/feeds/changelog.rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stable releases as RSS 2.0 */
        get: operations["getFeedsChangelogRss"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsChangelogRss"];
        /** Headers of: Stable releases as RSS 2.0 */
        head: operations["headFeedsChangelogRss"];
        patch?: never;
        trace?: never;
    };
    "/feeds/changelog.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stable releases as Atom 1.0 */
        get: operations["getFeedsChangelogAtom"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsChangelogAtom"];
        /** Headers of: Stable releases as Atom 1.0 */
        head: operations["headFeedsChangelogAtom"];
        patch?: never;
        trace?: never;
    };
    "/feeds/changelog.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stable releases as JSON Feed 1.1 */
        get: operations["getFeedsChangelogJson"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsChangelogJson"];
        /** Headers of: Stable releases as JSON Feed 1.1 */
        head: operations["headFeedsChangelogJson"];
        patch?: never;
        trace?: never;
    };
    "/feeds/changelog-preview.rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview releases as RSS 2.0 */
        get: operations["getFeedsChangelogPreviewRss"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsChangelogPreviewRss"];
        /** Headers of: Preview releases as RSS 2.0 */
        head: operations["headFeedsChangelogPreviewRss"];
        patch?: never;
        trace?: never;
    };
    "/feeds/changelog-preview.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview releases as Atom 1.0 */
        get: operations["getFeedsChangelogPreviewAtom"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsChangelogPreviewAtom"];
        /** Headers of: Preview releases as Atom 1.0 */
        head: operations["headFeedsChangelogPreviewAtom"];
        patch?: never;
        trace?: never;
    };
    "/feeds/changelog-preview.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Preview releases as JSON Feed 1.1 */
        get: operations["getFeedsChangelogPreviewJson"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsChangelogPreviewJson"];
        /** Headers of: Preview releases as JSON Feed 1.1 */
        head: operations["headFeedsChangelogPreviewJson"];
        patch?: never;
        trace?: never;
    };
    "/feeds/notices.rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active notices as RSS 2.0 */
        get: operations["getFeedsNoticesRss"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsNoticesRss"];
        /** Headers of: Active notices as RSS 2.0 */
        head: operations["headFeedsNoticesRss"];
        patch?: never;
        trace?: never;
    };
    "/feeds/notices.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active notices as Atom 1.0 */
        get: operations["getFeedsNoticesAtom"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsNoticesAtom"];
        /** Headers of: Active notices as Atom 1.0 */
        head: operations["headFeedsNoticesAtom"];
        patch?: never;
        trace?: never;
    };
    "/feeds/notices.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active notices as JSON Feed 1.1 */
        get: operations["getFeedsNoticesJson"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsNoticesJson"];
        /** Headers of: Active notices as JSON Feed 1.1 */
        head: operations["headFeedsNoticesJson"];
        patch?: never;
        trace?: never;
    };
    "/feeds/errors.rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Error reference, latest changes as RSS 2.0 */
        get: operations["getFeedsErrorsRss"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsErrorsRss"];
        /** Headers of: Error reference, latest changes as RSS 2.0 */
        head: operations["headFeedsErrorsRss"];
        patch?: never;
        trace?: never;
    };
    "/feeds/errors.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Error reference, latest changes as Atom 1.0 */
        get: operations["getFeedsErrorsAtom"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsErrorsAtom"];
        /** Headers of: Error reference, latest changes as Atom 1.0 */
        head: operations["headFeedsErrorsAtom"];
        patch?: never;
        trace?: never;
    };
    "/feeds/errors.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Error reference, latest changes as JSON Feed 1.1 */
        get: operations["getFeedsErrorsJson"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedsErrorsJson"];
        /** Headers of: Error reference, latest changes as JSON Feed 1.1 */
        head: operations["headFeedsErrorsJson"];
        patch?: never;
        trace?: never;
    };
    "/api/codenames": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every release codename with its element and versions */
        get: operations["getCodenames"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsCodenames"];
        /** Headers of: Every release codename with its element and versions */
        head: operations["headCodenames"];
        patch?: never;
        trace?: never;
    };
    "/elements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The periodic table as a page, codenames in use marked (JSON when Accept prefers it) */
        get: operations["getElementsPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsElementsPage"];
        /** Headers of: The periodic table as a page, codenames in use marked (JSON when Accept prefers it) */
        head: operations["headElementsPage"];
        patch?: never;
        trace?: never;
    };
    "/codename": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Alias of /elements */
        get: operations["getCodenamePage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsCodenamePage"];
        /** Headers of: Alias of /elements */
        head: operations["headCodenamePage"];
        patch?: never;
        trace?: never;
    };
    "/codename/{codename}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An element's page: facts, description and the releases named after it (case-insensitive; JSON when Accept prefers it) */
        get: operations["getCodenameByCodenamePage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsCodenameByCodenamePage"];
        /** Headers of: An element's page: facts, description and the releases named after it (case-insensitive; JSON when Accept prefers it) */
        head: operations["headCodenameByCodenamePage"];
        patch?: never;
        trace?: never;
    };
    "/assets/pages.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The stylesheet of the periodic-table pages */
        get: operations["getAssetsPagesCss"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsAssetsPagesCss"];
        /** Headers of: The stylesheet of the periodic-table pages */
        head: operations["headAssetsPagesCss"];
        patch?: never;
        trace?: never;
    };
    "/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active notices as a page, highest priority first (JSON when Accept prefers it) */
        get: operations["getNoticesPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNoticesPage"];
        /** Headers of: The active notices as a page, highest priority first (JSON when Accept prefers it) */
        head: operations["headNoticesPage"];
        patch?: never;
        trace?: never;
    };
    "/notices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One notice as a page, active or not (JSON when Accept prefers it) */
        get: operations["getNoticesByIdPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsNoticesByIdPage"];
        /** Headers of: One notice as a page, active or not (JSON when Accept prefers it) */
        head: operations["headNoticesByIdPage"];
        patch?: never;
        trace?: never;
    };
    "/changelog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Alias of /changelog/stable */
        get: operations["getChangelogPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogPage"];
        /** Headers of: Alias of /changelog/stable */
        head: operations["headChangelogPage"];
        patch?: never;
        trace?: never;
    };
    "/changelog/stable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every stable release with its changes, as a page (JSON when Accept prefers it) */
        get: operations["getChangelogStablePage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogStablePage"];
        /** Headers of: Every stable release with its changes, as a page (JSON when Accept prefers it) */
        head: operations["headChangelogStablePage"];
        patch?: never;
        trace?: never;
    };
    "/changelog/stable/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One stable release as a page (JSON when Accept prefers it) */
        get: operations["getChangelogStableByVersionPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogStableByVersionPage"];
        /** Headers of: One stable release as a page (JSON when Accept prefers it) */
        head: operations["headChangelogStableByVersionPage"];
        patch?: never;
        trace?: never;
    };
    "/changelog/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every preview release with its changes, as a page (JSON when Accept prefers it) */
        get: operations["getChangelogPreviewPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogPreviewPage"];
        /** Headers of: Every preview release with its changes, as a page (JSON when Accept prefers it) */
        head: operations["headChangelogPreviewPage"];
        patch?: never;
        trace?: never;
    };
    "/changelog/preview/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One preview release as a page (JSON when Accept prefers it) */
        get: operations["getChangelogPreviewByVersionPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsChangelogPreviewByVersionPage"];
        /** Headers of: One preview release as a page (JSON when Accept prefers it) */
        head: operations["headChangelogPreviewByVersionPage"];
        patch?: never;
        trace?: never;
    };
    "/api/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Feedback, newest first: page, per_page (1-500); filters type, platform, client_version, status, from, to (UTC days), q (text)
         * @description Needs a credential with the `feedback:read` scope.
         */
        get: operations["getFeedback"];
        put?: never;
        /** Submit feedback: content (1-5000 characters), type, contact, client_version, platform, install_id; 201 with id and created_at */
        post: operations["postFeedback"];
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedback"];
        /**
         * Headers of: Feedback, newest first: page, per_page (1-500); filters type, platform, client_version, status, from, to (UTC days), q (text)
         * @description Needs a credential with the `feedback:read` scope.
         */
        head: operations["headFeedback"];
        patch?: never;
        trace?: never;
    };
    "/api/feedback/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The feedback list's filtered view as CSV (UTF-8, newest first, every page), streamed; the same filters as GET /api/feedback
         * @description Needs a credential with the `feedback:read` scope.
         */
        get: operations["getFeedbackExport"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedbackExport"];
        /**
         * Headers of: The feedback list's filtered view as CSV (UTF-8, newest first, every page), streamed; the same filters as GET /api/feedback
         * @description Needs a credential with the `feedback:read` scope.
         */
        head: operations["headFeedbackExport"];
        patch?: never;
        trace?: never;
    };
    "/api/feedback/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedbackById"];
        head?: never;
        /**
         * Set a feedback's status (new, triaged, planned, done, spam), recorded with the person's name, and add a note to its notes under that name; body { status, note?, reason? }; honours If-Match (the ETag of an earlier answer: its status, never its notes)
         * @description Needs a credential with the `feedback:write` scope.
         */
        patch: operations["patchFeedbackById"];
        trace?: never;
    };
    "/api/feedback/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase an e-mail address on request: from every feedback's contact, text and note, every status reason, and the mail outbox; recorded as an erasure with the ids, never the address
         * @description Needs a credential with the `feedback:erase` scope.
         */
        post: operations["postFeedbackErasure"];
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedbackErasure"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feedback/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Feedback totals: total, by_type, by_day over the last 30 days */
        get: operations["getFeedbackStats"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsFeedbackStats"];
        /** Headers of: Feedback totals: total, by_type, by_day over the last 30 days */
        head: operations["headFeedbackStats"];
        patch?: never;
        trace?: never;
    };
    "/api/releases/{version}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A release's health: installs active on it and their share per day and platform, the installs offered it and those that took it, and feedback per 1,000 active installs by type, against the previous release on the same days; query days (default 14)
         * @description Needs a credential with the `releases:read` scope.
         */
        get: operations["getReleasesByVersionHealth"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsReleasesByVersionHealth"];
        /**
         * Headers of: A release's health: installs active on it and their share per day and platform, the installs offered it and those that took it, and feedback per 1,000 active installs by type, against the previous release on the same days; query days (default 14)
         * @description Needs a credential with the `releases:read` scope.
         */
        head: operations["headReleasesByVersionHealth"];
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entry total, operation counters, recent operations (user_ip masked without errors:read-log) and the log total
         * @description Public. A credential with the `errors:read-log` scope widens the answer; a credential that is sent must be valid (401 otherwise).
         */
        get: operations["getTunnelErrorsStats"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsStats"];
        /**
         * Headers of: Entry total, operation counters, recent operations (user_ip masked without errors:read-log) and the log total
         * @description Public. A credential with the `errors:read-log` scope widens the answer; a credential that is sent must be valid (401 otherwise).
         */
        head: operations["headTunnelErrorsStats"];
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operation log, newest first: flag, operation, limit (1-500), offset
         * @description Needs a credential with the `errors:read-log` scope.
         */
        get: operations["getTunnelErrorsLogs"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsLogs"];
        /**
         * Headers of: The operation log, newest first: flag, operation, limit (1-500), offset
         * @description Needs a credential with the `errors:read-log` scope.
         */
        head: operations["headTunnelErrorsLogs"];
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors/{flag}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every version of an entry, oldest first: the shipped file before the first API change, then each change with its author, time, reason and the whole entry as it was
         * @description Needs a credential with the `errors:read-log` scope.
         */
        get: operations["getTunnelErrorsByFlagHistory"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsByFlagHistory"];
        /**
         * Headers of: Every version of an entry, oldest first: the shipped file before the first API change, then each change with its author, time, reason and the whole entry as it was
         * @description Needs a credential with the `errors:read-log` scope.
         */
        head: operations["headTunnelErrorsByFlagHistory"];
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API changes of the catalogue not yet in the content files, per Flag with its state and its changes (for pnpm catalog:export)
         * @description Needs a credential with the `errors:read-log` scope.
         */
        get: operations["getTunnelErrorsPending"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsPending"];
        /**
         * Headers of: API changes of the catalogue not yet in the content files, per Flag with its state and its changes (for pnpm catalog:export)
         * @description Needs a credential with the `errors:read-log` scope.
         */
        head: operations["headTunnelErrorsPending"];
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors/addNew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an entry; answers { data: { Flag, Info, Solution }, logs_count, success }
         * @description Needs a credential with the `errors:write` scope.
         */
        post: operations["postTunnelErrorsAddNew"];
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsAddNew"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every catalogue entry (Flag, Info, Solution), in the client's language where translated */
        get: operations["getTunnelErrors"];
        put?: never;
        /**
         * Add an entry with its metadata; answers the whole entry with its ETag
         * @description Needs a credential with the `errors:write` scope.
         */
        post: operations["postTunnelErrors"];
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrors"];
        /** Headers of: Every catalogue entry (Flag, Info, Solution), in the client's language where translated */
        head: operations["headTunnelErrors"];
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors/{flag}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One entry by Flag, with its metadata, in the client's language where translated */
        get: operations["getTunnelErrorsByFlag"];
        /**
         * Replace the whole entry (the Flag cannot change); a field the entry has must be sent, null to remove it, or the PUT is refused naming it (use PATCH to change some fields)
         * @description Needs a credential with the `errors:write` scope.
         */
        put: operations["putTunnelErrorsByFlag"];
        post?: never;
        /**
         * Delete an entry; answers the removed entry; reason: why, recorded with the change
         * @description Needs a credential with the `errors:write` scope.
         */
        delete: operations["deleteTunnelErrorsByFlag"];
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsByFlag"];
        /** Headers of: One entry by Flag, with its metadata, in the client's language where translated */
        head: operations["headTunnelErrorsByFlag"];
        /**
         * Change some fields of an entry: a JSON Merge Patch (application/merge-patch+json); null removes an optional field
         * @description Needs a credential with the `errors:write` scope.
         */
        patch: operations["patchTunnelErrorsByFlag"];
        trace?: never;
    };
    "/api/tunnel/errors/{flag}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a version of the entry's history current again (a deleted entry comes back with its created_at); answers the entry with its ETag
         * @description Needs a credential with the `errors:write` scope.
         */
        post: operations["postTunnelErrorsByFlagRestore"];
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsByFlagRestore"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tunnel/errors/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search entries in English or any language they are translated into: q (a code, words or a pasted log line), category, severity, limit (1-100); each hit says which words and which language matched, and is shown in the client's language */
        get: operations["getTunnelErrorsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsTunnelErrorsSearch"];
        /** Headers of: Search entries in English or any language they are translated into: q (a code, words or a pasted log line), category, severity, limit (1-100); each hit says which words and which language matched, and is shown in the client's language */
        head: operations["headTunnelErrorsSearch"];
        patch?: never;
        trace?: never;
    };
    "/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The error reference as a page: a search box that works without JavaScript and understands English, German, French and Spanish, results with the matched words marked, or every entry by category, in the client's language where translated (JSON when Accept prefers it: the search) */
        get: operations["getErrorsPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsErrorsPage"];
        /** Headers of: The error reference as a page: a search box that works without JavaScript and understands English, German, French and Spanish, results with the matched words marked, or every entry by category, in the client's language where translated (JSON when Accept prefers it: the search) */
        head: operations["headErrorsPage"];
        patch?: never;
        trace?: never;
    };
    "/errors/{flag}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An entry's page: what the error means, what the client prints, and the steps, in the client's language where translated (JSON when Accept prefers it) */
        get: operations["getErrorsByFlagPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsErrorsByFlagPage"];
        /** Headers of: An entry's page: what the error means, what the client prints, and the steps, in the client's language where translated (JSON when Accept prefers it) */
        head: operations["headErrorsByFlagPage"];
        patch?: never;
        trace?: never;
    };
    "/api/send_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an e-mail (to, subject, text and/or markdown); 202 with message_id, accepted, rejected
         * @description Needs a credential with the `email:send` scope.
         */
        post: operations["postSendEmail"];
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsSendEmail"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service status: content load, content issues and storage */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsHealth"];
        /** Headers of: Service status: content load, content issues and storage */
        head: operations["headHealth"];
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: 200 while the process answers at all (restart it when this fails) */
        get: operations["getHealthLive"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsHealthLive"];
        /** Headers of: Liveness: 200 while the process answers at all (restart it when this fails) */
        head: operations["headHealthLive"];
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 once content is loaded and reads are served, 503 before (send it no traffic then) */
        get: operations["getHealthReady"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsHealthReady"];
        /** Headers of: Readiness: 200 once content is loaded and reads are served, 503 before (send it no traffic then) */
        head: operations["headHealthReady"];
        patch?: never;
        trace?: never;
    };
    "/health/writable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Writability: 200 when every store takes writes, 503 with the reason when a write would be refused (send writes elsewhere) */
        get: operations["getHealthWritable"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsHealthWritable"];
        /** Headers of: Writability: 200 when every store takes writes, 503 with the reason when a write would be refused (send writes elsewhere) */
        head: operations["headHealthWritable"];
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text exposition format): requests, latency, fast path, writes, replication, pool, content, event loop
         * @description Needs a credential with the `health:read` scope.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsMetrics"];
        /**
         * Headers of: Prometheus metrics (text exposition format): requests, latency, fast path, writes, replication, pool, content, event loop
         * @description Needs a credential with the `health:read` scope.
         */
        head: operations["headMetrics"];
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 description of this API */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsOpenapiJson"];
        /** Headers of: The OpenAPI 3.1 description of this API */
        head: operations["headOpenapiJson"];
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API documentation as a page */
        get: operations["getDocsPage"];
        put?: never;
        post?: never;
        delete?: never;
        /** The methods this path answers */
        options: operations["optionsDocsPage"];
        /** Headers of: The API documentation as a page */
        head: operations["headDocsPage"];
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        CatalogConflict: {
            flag: string;
            /** @enum {string} */
            kind: "field" | "edited-in-repository-deleted-through-api" | "deleted-in-repository-edited-through-api" | "added-on-both-sides";
            fields: {
                field: string;
                repository: unknown;
                api: unknown;
            }[];
            /** @description the op record of the API change it conflicts with */
            seq: number;
        };
        CatalogEntryState: {
            /** @description the API's entry; null: deleted through the API */
            value: ({
                Flag: string;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description the fields the API decided */
            fields: {
                [key: string]: components["schemas"]["CatalogFieldDecision"];
            };
            deleted?: {
                base: ({
                    Flag: string;
                } & {
                    [key: string]: unknown;
                }) | null;
                since?: number;
            };
        };
        CatalogFieldDecision: {
            /** @description the repository's value the API's was decided against; absent: the repository had no entry */
            base?: unknown;
            /** @description the record that decided it; absent: the latest one */
            since?: number;
        };
        /** @description catalogue statistics */
        CatalogStats: {
            total_errors: number;
            operations: {
                CREATE: number;
                UPDATE: number;
                DELETE: number;
            };
            recent_operations: components["schemas"]["RecentOperation"][];
            logs_total: number;
        };
        /** @description a release codename: an element and the versions that carry it */
        Codename: {
            codename: string;
            element: {
                number: number;
                symbol: string;
                name: string;
            };
            versions: string[];
        };
        /** @description a build to download and how to verify it */
        Download: {
            version: string;
            /** @description https URL of the build */
            url: string;
            /** @description bytes */
            size: number;
            /** @description SHA-512 of the file, hex */
            sha512: string;
            /** @description SHA-256 of the file, hex */
            sha256?: string;
            /** @description Ed25519 signature over the file, base64 */
            signature?: string;
            /** @description the same signature as a minisign file, base64 (Tauri) */
            minisign?: string;
            /** @description the oldest OS version the build runs on */
            minimum_os?: string;
            /** @description a page with the full release notes */
            notes_url?: string;
        };
        /** @description a chemical element of the periodic table */
        Element: {
            number: number;
            symbol: string;
            name: string;
            category: string;
            period: number;
            group: number | null;
            atomic_mass: number;
            versions: string[];
        };
        /** @description an element with its description and the releases named after it */
        ElementDetail: {
            number: number;
            symbol: string;
            name: string;
            category: string;
            period: number;
            group: number | null;
            atomic_mass: number;
            description: string;
            releases: {
                version: string;
                /** @enum {string} */
                channel: "stable" | "preview";
                /** Format: date */
                date: string;
                description: string;
            }[];
        };
        /** @description text, markdown or both; the whole body at most 64 KiB */
        EmailMessage: {
            to: string | string[];
            subject: string;
            text?: string;
            markdown?: string;
        } | unknown | unknown;
        /** @description one version of a catalogue entry, with the whole entry as it was */
        EntryVersion: {
            /** @description the version's number, 1 for the oldest; what a restore names */
            version: number;
            /** @description the change's operation record; null for the shipped file */
            seq: number | null;
            /** @description when the change was made; null for the shipped file */
            timestamp: string | null;
            /**
             * @description SHIPPED: the repository's file before the first API change
             * @enum {string}
             */
            operation: "CREATE" | "UPDATE" | "DELETE" | "SHIPPED";
            /** @description who made the change; null for the shipped file */
            actor: string | null;
            /** @description why, when the change said */
            reason: string | null;
            /** @description the change restored this version of the history (its number); null for any other change */
            restored: number | null;
            /** @description the change deleted the entry; entry is the entry it removed */
            deleted: boolean;
            entry: components["schemas"]["ErrorEntry"];
        };
        /** @description a catalogue entry with its metadata */
        ErrorEntry: {
            Flag: string;
            Info: string;
            Solution: string[];
            /** @description the literal messages the client prints for this error */
            messages: string[];
            category: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            creator: string | null;
            notes: string | null;
            created_at: string | null;
            updated_at: string | null;
            /**
             * @description the language Info and Solution are in, present when they are a translation (the request asked for a language with lang= or Accept-Language, and the entry is translated into it)
             * @example de
             */
            lang?: string;
        };
        /** @description A JSON Merge Patch of an entry: the fields to change; null removes an optional field */
        ErrorEntryPatch: {
            Flag?: string;
            Info?: string | null;
            Solution?: string[] | null;
            messages?: string[] | null;
            category?: string | null;
            severity?: ("low" | "medium" | "high" | "critical") | null;
            creator?: string | null;
            notes?: string | null;
            /** @description accepted so a read can be sent back, and ignored: the service sets it */
            readonly created_at?: string | null;
            /** @description accepted so a read can be sent back, and ignored: the service sets it */
            readonly updated_at?: string | null;
            /**
             * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
             * @example Customers on 1.9 report the old wording.
             */
            reason?: string;
        };
        /** @description the whole entry; a field the entry has must be sent, null to remove it */
        ErrorEntryReplacement: {
            Flag?: string;
            Info: string;
            Solution: string[];
            messages?: string[] | null;
            category?: string | null;
            severity?: ("low" | "medium" | "high" | "critical") | null;
            creator?: string | null;
            notes?: string | null;
            /** @description accepted so a read can be sent back, and ignored: the service sets it */
            readonly created_at?: string | null;
            /** @description accepted so a read can be sent back, and ignored: the service sets it */
            readonly updated_at?: string | null;
            /**
             * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
             * @example Customers on 1.9 report the old wording.
             */
            reason?: string;
        };
        /** @description a catalogue entry as the list shows it */
        ErrorEntrySummary: {
            Flag: string;
            Info: string;
            Solution: string[];
            /**
             * @description the language Info and Solution are in, present when they are a translation (the request asked for a language with lang= or Accept-Language, and the entry is translated into it)
             * @example de
             */
            lang?: string;
        };
        /** @description a catalogue entry a search found, with the words that matched */
        ErrorSearchHit: {
            Flag: string;
            Info: string;
            Solution: string[];
            /** @description the literal messages the client prints for this error */
            messages: string[];
            category: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            creator: string | null;
            notes: string | null;
            created_at: string | null;
            updated_at: string | null;
            /**
             * @description the language Info and Solution are in, present when they are a translation (the request asked for a language with lang= or Accept-Language, and the entry is translated into it)
             * @example de
             */
            lang?: string;
            /** @description the words of the entry's text that matched the query, lower-cased as they appear, for a page to mark */
            matched: string[];
            /**
             * @description the entry's page for people
             * @example /errors/PORT1001
             */
            page: string;
            /**
             * @description the language of the text the query matched best: en, or a translation's (de, fr, es); null when the entry was found by its code
             * @example de
             */
            matched_language: string | null;
        };
        /** @description one feedback record */
        Feedback: {
            id: number;
            /**
             * Format: date-time
             * @description RFC 3339 date-time in UTC (Z), six fraction digits
             * @example 2026-11-25T22:04:40.123456Z
             */
            created_at: string;
            /** @enum {string} */
            type: "bug" | "suggestion" | "question" | "other";
            content: string;
            contact: string | null;
            client_version: string | null;
            platform: string | null;
            /**
             * @description where the feedback stands; new until someone sets it
             * @enum {string}
             */
            status: "new" | "triaged" | "planned" | "done" | "spam";
            /** @description the text of the latest note of notes; null without one */
            note: string | null;
            /** @description the notes on the feedback, oldest first, each with its author and time; a status change adds none of its own */
            notes: components["schemas"]["FeedbackNote"][];
            /** @description who set the status last */
            status_by: string | null;
            /** @description when the status was set last */
            status_at: string | null;
        };
        /** @description what an erasure changed; the address itself is not kept */
        FeedbackErasure: {
            /** @description feedback records that held the address */
            erased: number;
            /** @description their ids */
            ids: number[];
            /** @description messages the mail outbox kept that named the address, now removed (0 with an SMTP relay: nothing is kept) */
            outbox_messages: number;
        };
        /** @description the e-mail address whose feedback loses it */
        FeedbackErasureRequest: {
            /**
             * Format: email
             * @description the submitter's e-mail address, any letter case
             */
            contact: string;
            /**
             * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
             * @example Customers on 1.9 report the old wording.
             */
            reason?: string;
        };
        /** @description a note of the people who work the feedback */
        FeedbackNote: {
            /** @description who wrote the note */
            by: string;
            /**
             * Format: date-time
             * @description when it was written
             * @example 2026-11-25T22:04:40.123456Z
             */
            at: string;
            text: string;
        };
        /** @description the id and time of stored feedback */
        FeedbackReceipt: {
            id: number;
            /**
             * Format: date-time
             * @description RFC 3339 date-time in UTC (Z), six fraction digits
             * @example 2026-11-25T22:04:40.123456Z
             */
            created_at: string;
        };
        /** @description feedback statistics */
        FeedbackStats: {
            total: number;
            by_type: {
                bug: number;
                suggestion: number;
                question: number;
                other: number;
            };
            by_day: {
                /** Format: date */
                date: string;
                count: number;
            }[];
        };
        /** @description a feedback's status and note */
        FeedbackTriage: {
            /** @enum {string} */
            status: "new" | "triaged" | "planned" | "done" | "spam";
            /** @description a note for the people who work the feedback, added to its notes under the person's name; empty, absent or the latest note sent again: none */
            note?: string;
            /**
             * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
             * @example Customers on 1.9 report the old wording.
             */
            reason?: string;
        };
        /** @description a guarded release and its guard's last judgement */
        GuardStatus: {
            version: string;
            /** @enum {string} */
            channel: "stable" | "preview";
            /**
             * @description watching: judged, within its guard (or not judged yet); unjudged: the guard will not judge from what it has (see reason); halted: the rollout is halted
             * @enum {string}
             */
            status: "watching" | "unjudged" | "halted";
            /** @description why the guard will not judge (unjudged), or that it has not judged yet (watching) */
            reason?: string;
        };
        /** @description a staged rollout halted by its guard or by a person: no install not yet on the release is offered it until a person resumes it */
        HaltedRelease: {
            version: string;
            /** @enum {string} */
            channel: "stable" | "preview";
            /** @description the UTC day it was halted */
            day: string;
            /** @description when, ISO 8601 UTC */
            halted_at: string;
            /** @description `guard` (its guard tripped), or `console: <person>` (a person halted it in the console) */
            halted_by: string;
            /** @description why the person halted it; null for the guard (its figures say why) */
            reason: string | null;
            /** @description what the guard saw; null for a halt by a person */
            figures: {
                /** @description first UTC day compared, YYYY-MM-DD */
                from: string;
                /** @description last UTC day compared (the day it halted) */
                to: string;
                /** @description the most installs active on the release on one of those days */
                active_installs: number;
                /** @description installs active on the release per day, summed: what its rate is per */
                install_days: number;
                bug_reports: number;
                /** @description 1000 × bug_reports ÷ install_days */
                bug_per_1000: number;
                /** @description the release before it on its channel, on the same days */
                previous: {
                    version: string;
                    install_days: number;
                    bug_reports: number;
                    bug_per_1000: number;
                };
                /** @description the guard's bug_feedback_factor: the rate crossed previous.bug_per_1000 × factor */
                factor: number;
                /** @description the guard's min_active_installs */
                min_active_installs: number;
            } | null;
        };
        /** @description the service status */
        Health: {
            /** @constant */
            success: true;
            /** @enum {string} */
            status: "ok" | "degraded";
            version: string;
            uptime_s: number;
            content: {
                /**
                 * Format: date-time
                 * @description RFC 3339 date-time in UTC (Z), six fraction digits
                 * @example 2026-11-25T22:04:40.123456Z
                 */
                loaded_at: string;
                counts: {
                    [key: string]: number;
                };
                issues: ({
                    file: string;
                    line: number;
                    column: number;
                    code: string;
                    message: string;
                    text: string;
                } & {
                    [key: string]: unknown;
                })[];
                /** @description every issue, including those past the ones listed */
                issues_total: number;
                /** @description null when the content folder is not watched (CONTENT_WATCH=off) or CONTENT_RECONCILE_MS=0 */
                reconciliation: {
                    /** @description how often the folders are compared with what was read (CONTENT_RECONCILE_MS) */
                    interval_ms: number;
                    /** @description the kernel's inotify queue length the watcher's overflow guard is derived from */
                    event_queue: number;
                    /** @description when the last comparison ran; null before the first */
                    last_run_at: string | null;
                    duration_ms: number;
                    /** @description files the last comparison found changed, added or removed without (or before) their event */
                    found: number;
                    /** @description the first 20 of them */
                    files: string[];
                } | null;
                /** @description the commit the content folder's checkout is at (git HEAD); null when it is not in a git repository */
                revision: string | null;
                /** @description files of the content folder that differ from that commit (edits made on this replica), the first 20; null without git */
                modified: string[] | null;
                modified_total: number | null;
                /** @description why the checkout's revision cannot be read although the content folder is in one (git missing, or refusing the checkout); null when it is read or the folder is not in git */
                revision_problem: string | null;
            };
            /** @description the error catalogue served: the content files merged with the API's changes */
            catalog: {
                entries: number;
                /** @description a digest of every entry served: replicas on the same revision and log position have the same one */
                digest: string;
                /** @description the id of the op log (the JSONL log of this box, or the fleet's PostgreSQL log), as catalog-exports.yaml names it */
                log_id: string;
                /** @description the ids the log had before: it was restored below what catalog-exports.yaml says was exported and took a new id, so changes made since are never taken for exported ones; what the files hold of an old id counts up to `through` */
                log_ancestors: {
                    log_id: string;
                    /** @description the last seq the log shares with it */
                    through: number;
                }[];
                /** @description the last op record this replica applied */
                applied_seq: number;
                /** @description the last op record the content files hold (catalog-exports.yaml) */
                exported_seq: number;
                /** @description Flags whose API changes the content files do not hold yet (what `pnpm catalog:export` writes) */
                pending: number;
                /** @description Flags set two ways by the repository and the API since their common base: the repository's value is served until someone resolves it */
                conflicts: components["schemas"]["CatalogConflict"][];
            };
            /** @description staged rollouts (every replica sees the same halts) */
            releases: {
                /** @description releases whose staged rollout its guard or a person halted and no person resumed, newest first */
                halted: components["schemas"]["HaltedRelease"][];
                /** @description each release whose file declares a guard, newest first, with the guard's last judgement; an unjudged guard leaves status ok (it is not a fault of the service) */
                guards: components["schemas"]["GuardStatus"][];
                /** @description how the periodic judgement of the guards goes; null when rollouts are not kept */
                judgement: {
                    /** @description when a round of judgement last went through; null before the first */
                    last_judged_at: string | null;
                    /** @description since when rounds fail (status degraded); null while they succeed */
                    failing_since: string | null;
                    last_error: string | null;
                    /** @description rounds that failed since start */
                    failures: number;
                } | null;
            };
            /** @description how installs are counted for release health and guards; null when they are not */
            adoption: {
                /** @description when the install counts were last written whole; null before the first flush */
                last_flush_at: string | null;
                /** @description since when flushes fail (status degraded; what they hold is kept for the next); null while they succeed */
                failing_since: string | null;
                last_error: string | null;
                flush_failures: number;
                /** @description checks and bug reports held for the next flush (at most 1,000,000) */
                pending: number;
                /** @description install credentials this replica issued since it started */
                credentials_issued: number;
                /** @description checks and reports not counted since start: an id the service did not issue, a version the changelog does not hold, past the bound held between flushes */
                uncounted: {
                    not_issued: number;
                    unknown_version: number;
                    pending_full: number;
                };
            } | null;
            /** @description restores of the data from an older backup, as the replicas noticed them (docs/OPERATIONS.md, "What a restore changes"); null when the service does not watch */
            restore: {
                /** @description when a replica noticed that the service's data was restored from an older backup (the latest such restore); null when none was */
                detected_at: string | null;
                /** @description the data stands where it stood then: the backup is at least that old */
                restored_to: string | null;
                /** @description the replica that noticed it (host name and process id) */
                detected_by: string | null;
                /** @description false: a person has not confirmed the restore yet (status degraded): guarded staged rollouts are held, offered to no install not already on them; true (or no restore): nothing is held */
                confirmed: boolean;
                confirmed_at: string | null;
                confirmed_by: string | null;
                /** @description the file where this replica keeps what it saw of the data (WITNESS_FILE), out of reach of a restore; null without health:read */
                witness: string | null;
                /** @description why the witness cannot be kept in its file (then a restore is noticed only while this replica runs); null when it is */
                witness_problem: string | null;
            } | null;
            storage: {
                writable: boolean;
                /**
                 * @description where writes go: files in DATA_DIR, or PostgreSQL (DATABASE_URL)
                 * @enum {string}
                 */
                store: "files" | "postgresql";
                database?: {
                    /** @constant */
                    store: "postgresql";
                    url?: string;
                    connected: boolean;
                    reason?: string | null;
                    since: string | null;
                    pool?: {
                        total: number;
                        idle: number;
                        waiting: number;
                        max: number;
                    };
                };
                /** @description with a database: files of DATA_DIR holding data the database does not (pnpm db:import moves them), the first 20 */
                unimported?: string[];
            } & {
                [key: string]: {
                    writable: boolean;
                } & {
                    [key: string]: unknown;
                };
            };
            /** @description the base of absolute links (feeds): PUBLIC_URL, or the address the request arrived at; never the Host header */
            public_url: {
                base: string;
                /** @enum {string} */
                source: "PUBLIC_URL" | "listen address";
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        /** @description the answer of a probe: 200 yes, 503 no */
        HealthProbe: {
            success: boolean;
            /** @enum {string} */
            status: "live" | "ready" | "not ready" | "writable" | "not writable";
            /** @description why not, when not */
            reason: string | null;
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        /** @description an install's credential: the id the service counts in release health and guards */
        InstallCredential: {
            /**
             * @description a UUID (version 8) the service issued and can verify: send it as install_id on every update check (electron-updater: write it to .updaterId) and with bug reports
             * @example 5a1b0c3d-9e2f-8a47-b1c2-d3e4f5a6b7c8
             */
            install_id: string;
            /** @description the UTC day it was issued, YYYY-MM-DD: its bug reports count in a guard from the next day on */
            issued_on: string;
        };
        /** @description what the mail server accepted */
        MailReceipt: {
            message_id: string;
            accepted: string[];
            rejected: string[];
        };
        /** @description a catalogue entry to add */
        NewErrorEntry: {
            Flag: string;
            Info: string;
            Solution: string[];
            messages?: string[];
            category?: string;
            /** @enum {string} */
            severity?: "low" | "medium" | "high" | "critical";
            creator?: string | null;
            notes?: string | null;
            /**
             * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
             * @example Customers on 1.9 report the old wording.
             */
            reason?: string;
        };
        /** @description a feedback submission */
        NewFeedback: {
            content: string;
            /**
             * @default other
             * @enum {string}
             */
            type?: "bug" | "suggestion" | "question" | "other";
            contact?: string;
            client_version?: string;
            /** @enum {string} */
            platform?: "windows" | "macos" | "linux";
            /** @description the install credential the service issued (POST /api/installs), as the update checks send it: with type bug and client_version, the report counts as one vote in the release's guard (once per install and day); never stored with the feedback */
            install_id?: string;
        };
        /** @description an announcement to the client app */
        Notice: {
            id: number;
            active: boolean;
            content: string;
            date: string;
            priority: number;
            summary: string;
            /** @enum {string} */
            type: "notice" | "maintenance" | "update" | "security";
            /** @description start of the window the notice is active in (RFC 3339, UTC); null: no start */
            starts_at: string | null;
            /** @description end of the window (RFC 3339, UTC), exclusive; null: no end */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description start of the event the notice announces, such as a maintenance window (RFC 3339, UTC); absent: no event. Shown ahead of it, from starts_at; as a calendar event at /api/notice/{id}/event.ics
             * @example 2026-11-25T22:04:40.123456Z
             */
            event_starts_at?: string;
            /**
             * Format: date-time
             * @description end of the event (RFC 3339, UTC), exclusive; present exactly when event_starts_at is
             * @example 2026-11-25T22:04:40.123456Z
             */
            event_ends_at?: string;
            /** @description the clients the notice concerns (versions, platforms, channels); absent: every client */
            audience?: {
                versions?: string;
                platforms?: ("windows" | "macos" | "linux")[];
                channels?: ("stable" | "preview")[];
            };
            /** @description the language summary and content are in; present when the request asked for a language (lang= or Accept-Language) */
            lang?: string;
        };
        /** @description notices per type, and overall */
        NoticeTypeCounts: {
            types: {
                notice: {
                    total: number;
                    active: number;
                };
                maintenance: {
                    total: number;
                    active: number;
                };
                update: {
                    total: number;
                    active: number;
                };
                security: {
                    total: number;
                    active: number;
                };
            };
            total: number;
            active: number;
        };
        /** @description one record of the operation log */
        OperationRecord: {
            seq: number;
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
            flag: string;
            /** @enum {string} */
            operation: "CREATE" | "UPDATE" | "DELETE";
            user_ip: string;
            /** @description who made the change: the person's name, or token:<hash prefix> for an unnamed credential */
            actor: string;
            entry: components["schemas"]["ErrorEntry"];
            /**
             * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
             * @example Customers on 1.9 report the old wording.
             */
            reason?: string;
        };
        /** @description a change of the catalogue as the statistics show it */
        RecentOperation: {
            seq: number;
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
            flag: string;
            /** @enum {string} */
            operation: "CREATE" | "UPDATE" | "DELETE";
            user_ip: string;
        };
        /** @description one release, keyed by its version where listed */
        Release: {
            changes: string[];
            /** Format: date */
            date: string;
            description: string;
            /** @description present when the release file says: true for a fix every client must install (offered whatever the rollout) */
            critical?: boolean;
            /** @description present while the release is being rolled out: the percentage of installs it is offered to */
            rollout?: number;
            /** @description the language description and changes are in; present when the request asked for a language */
            lang?: string;
        };
        /** @description one release with its version */
        ReleaseDetail: {
            version: string;
            changes: string[];
            /** Format: date */
            date: string;
            description: string;
            /** @description present when the release file says: true for a fix every client must install (offered whatever the rollout) */
            critical?: boolean;
            /** @description present while the release is being rolled out: the percentage of installs it is offered to */
            rollout?: number;
            /** @description the language description and changes are in; present when the request asked for a language */
            lang?: string;
        };
        /** @description a version of the entry's history to make current again */
        RestoreRequest: {
            /**
             * @description the version to make current, from the history
             * @example 1
             */
            version: number;
            /**
             * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
             * @example Customers on 1.9 report the old wording.
             */
            reason?: string;
        };
        /** @description Squirrel.Mac's update JSON (Electron's autoUpdater on macOS) */
        SquirrelMacUpdate: {
            url: string;
            name: string;
            notes: string;
            /** @description ISO 8601 with a zone, as SQRLUpdate's releaseDateJSONTransformer reads it */
            pub_date: string;
        };
        /** @description Tauri's static update JSON */
        TauriManifest: {
            version: string;
            notes: string;
            /** @description RFC 3339 */
            pub_date: string;
            platforms: {
                [key: string]: {
                    url: string;
                    /** @description a minisign signature file, base64 */
                    signature: string;
                };
            };
        };
        /** @description API changes of the catalogue the replica's files do not hold yet */
        UnexportedChanges: {
            /** @description the op log they are in, as catalog-exports.yaml names it */
            log_id: string;
            /** @description the ids the log had before: it was restored below what catalog-exports.yaml says was exported and took a new id, so changes made since are never taken for exported ones; what the files hold of an old id counts up to `through` */
            log_ancestors: {
                log_id: string;
                /** @description the last seq the log shares with it */
                through: number;
            }[];
            /** @description the last record this replica applied: files written from this answer hold the log up to here */
            applied_seq: number;
            /** @description how far this replica's files hold the log (catalog-exports.yaml) */
            exported_seq: number;
            changes: {
                flag: string;
                /** @description its latest record */
                seq: number;
                state: components["schemas"]["CatalogEntryState"];
                /** @description its changes not yet in the files: how, by whom and when */
                records: {
                    seq: number;
                    /**
                     * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                     * @example 2026-11-25T22:04:40.123456
                     */
                    timestamp: string;
                    /** @enum {string} */
                    operation: "CREATE" | "UPDATE" | "DELETE";
                    actor: string;
                }[];
            }[];
        };
        /** @description what a client on a version can update to */
        UpdateCheck: {
            /** @description the version asked about */
            current: string;
            /** @description the newest release of the channel offered to this client (a release in a partial rollout only to the installs in its share); current itself when the install runs a newer version than any offered (latest is never older than current); null when none is offered */
            latest: string | null;
            /** @description true when no release offered to this client is newer than current */
            up_to_date: boolean;
            /** @description whether the channel ever shipped current */
            known: boolean;
            /** @description the releases newer than current offered to this client, keyed by version, newest first (a release in a partial rollout only to the installs in its share; with platform, only those it can install) */
            releases: {
                [key: string]: components["schemas"]["Release"];
            };
            /** @description true when the client must update: a newer release offered to it is critical, or current is below minimum_supported */
            critical: boolean;
            /** @description the oldest version the channel still supports (changelog/channels.yaml); null when none is declared */
            minimum_supported: string | null;
            /**
             * @description with the platform query parameter: the <platform>-<arch> answered for
             * @enum {string}
             */
            platform?: "windows-x64" | "windows-arm64" | "macos-arm64" | "macos-x64" | "linux-x64" | "linux-arm64";
            /** @description with the platform query parameter: the build of latest for this platform; null when up to date or when latest ships no builds */
            download?: components["schemas"]["Download"] | null;
        };
        Error: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "BAD_PARAMETER" | "IDEMPOTENCY_KEY_INVALID" | "INVALID_JSON" | "MALFORMED_REQUEST" | "UNAUTHORIZED" | "FORBIDDEN" | "ROUTE_NOT_FOUND" | "RELEASE_NOT_FOUND" | "NOTICE_NOT_FOUND" | "CODENAME_NOT_FOUND" | "ERROR_ENTRY_NOT_FOUND" | "ENTRY_VERSION_NOT_FOUND" | "FEEDBACK_NOT_FOUND" | "METHOD_NOT_ALLOWED" | "DUPLICATE_FLAG" | "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENCY_KEY_LOST" | "PRECONDITION_FAILED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "VALIDATION_FAILED" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "HEADERS_TOO_LARGE" | "INTERNAL_ERROR" | "MAIL_UPSTREAM_FAILED" | "STORAGE_UNAVAILABLE" | "MAIL_TIMEOUT";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorBadParameter: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "BAD_PARAMETER";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorBadParameterInvalidJson: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "BAD_PARAMETER" | "INVALID_JSON";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorBadParameterInvalidJsonIdempotencyKeyInvalid: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "BAD_PARAMETER" | "INVALID_JSON" | "IDEMPOTENCY_KEY_INVALID";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorCodenameNotFound: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "CODENAME_NOT_FOUND";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorErrorEntryNotFound: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "ERROR_ENTRY_NOT_FOUND";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorErrorEntryNotFoundEntryVersionNotFound: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "ERROR_ENTRY_NOT_FOUND" | "ENTRY_VERSION_NOT_FOUND";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorFeedbackNotFound: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "FEEDBACK_NOT_FOUND";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorForbidden: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "FORBIDDEN";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorIdempotencyKeyInUseIdempotencyKeyLost: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENCY_KEY_LOST";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorIdempotencyKeyInUseIdempotencyKeyLostDuplicateFlag: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENCY_KEY_LOST" | "DUPLICATE_FLAG";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorInternalError: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "INTERNAL_ERROR";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorMailTimeout: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "MAIL_TIMEOUT";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorMailUpstreamFailed: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "MAIL_UPSTREAM_FAILED";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorNoticeNotFound: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "NOTICE_NOT_FOUND";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorPayloadTooLarge: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "PAYLOAD_TOO_LARGE";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorPreconditionFailed: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "PRECONDITION_FAILED";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorRateLimited: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "RATE_LIMITED";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorReleaseNotFound: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "RELEASE_NOT_FOUND";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorStorageUnavailable: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "STORAGE_UNAVAILABLE";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorUnauthorized: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "UNAUTHORIZED";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorUnsupportedMediaType: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "UNSUPPORTED_MEDIA_TYPE";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorValidationFailed: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "VALIDATION_FAILED";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
        ErrorValidationFailedIdempotencyKeyReused: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "VALIDATION_FAILED" | "IDEMPOTENCY_KEY_REUSED";
                message: string;
                /** @description one entry per bad field or parameter */
                details: {
                    path: string;
                    message: string;
                }[];
            };
            /**
             * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
             * @example 2026-11-25T22:04:40.123456
             */
            timestamp: string;
        };
    };
    responses: {
        /** @description any other failure: 404 ROUTE_NOT_FOUND, 405 METHOD_NOT_ALLOWED (with Allow), 500 INTERNAL_ERROR */
        Unexpected: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description strong tag of the answer without its timestamp; send it back in If-None-Match */
        ETag: string;
        /** @description the methods this path answers */
        Allow: string;
        /** @description the Bearer challenge, with error="invalid_token", "invalid_request" or "insufficient_scope" when one applies */
        "WWW-Authenticate": string;
        /** @description seconds to wait before retrying */
        "Retry-After": number;
        /** @description the limit, the requests left and the seconds until the window resets (IETF draft 7) */
        RateLimit: string;
        /** @description the limit and its window in seconds (IETF draft 7) */
        "RateLimit-Policy": string;
        /**
         * @description the languages of the answer's items, the one chosen first (`lang`, else Accept-Language, else en, the originals' own); the answer varies by Accept-Language
         * @example de, en
         */
        "Content-Language": string;
        /** @description true: the answer of the first request sent with this Idempotency-Key, answered again; nothing was done this time */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getRoot: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        version: string;
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                        /** @description category -> { "<METHOD> <path>": description } */
                        endpoints: {
                            notices: {
                                [key: string]: string;
                            };
                            changelog: {
                                [key: string]: string;
                            };
                            "user feedback": {
                                [key: string]: string;
                            };
                            "system monitoring": {
                                [key: string]: string;
                            };
                            "software codenames": {
                                [key: string]: string;
                            };
                            "mail service": {
                                [key: string]: string;
                            };
                            "error information management": {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsRoot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headRoot: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getApi: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        version: string;
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                        /** @description category -> { "<METHOD> <path>": description } */
                        endpoints: {
                            notices: {
                                [key: string]: string;
                            };
                            changelog: {
                                [key: string]: string;
                            };
                            "user feedback": {
                                [key: string]: string;
                            };
                            "system monitoring": {
                                [key: string]: string;
                            };
                            "software codenames": {
                                [key: string]: string;
                            };
                            "mail service": {
                                [key: string]: string;
                            };
                            "error information management": {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headApi: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNotice: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["Notice"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNotice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNotice: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNoticeAll: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["Notice"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNoticeAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNoticeAll: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNoticeLatest: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Notice"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorNoticeNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNoticeLatest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNoticeLatest: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNoticeTypes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["NoticeTypeCounts"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNoticeTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNoticeTypes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNoticeById: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Notice"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorNoticeNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNoticeById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNoticeById: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNoticeByIdEventIcs: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 8
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": unknown;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorNoticeNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNoticeByIdEventIcs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 8
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNoticeByIdEventIcs: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 8
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelog: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: {
                            [key: string]: components["schemas"]["Release"];
                        };
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelog: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogLatest: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReleaseDetail"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogLatest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogLatest: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogPreview: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: {
                            [key: string]: components["schemas"]["Release"];
                        };
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogPreview: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogPreviewLatest: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReleaseDetail"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogPreviewLatest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogPreviewLatest: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogPreviewByVersion: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a preview release version, with an optional pre-release tag
                 * @example 1.12.0-beta.1
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReleaseDetail"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogPreviewByVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a preview release version, with an optional pre-release tag
                 * @example 1.12.0-beta.1
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogPreviewByVersion: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a preview release version, with an optional pre-release tag
                 * @example 1.12.0-beta.1
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogByVersion: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a stable release version <major>.<minor>.<patch>
                 * @example 1.9.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReleaseDetail"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogByVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a stable release version <major>.<minor>.<patch>
                 * @example 1.9.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogByVersion: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a stable release version <major>.<minor>.<patch>
                 * @example 1.9.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogSinceByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the platform the client runs on: only releases it can install are listed (a release with builds but none for it is not offered), and the answer carries the build to download */
                platform?: "windows" | "macos" | "linux";
                /** @description the processor architecture, with platform (x64 when left out) */
                arch?: "x64" | "arm64";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag; a leading v and build metadata (+...) are accepted and ignored, as semver does
                 * @example 1.8.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["UpdateCheck"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogSinceByVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag; a leading v and build metadata (+...) are accepted and ignored, as semver does
                 * @example 1.8.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogSinceByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the platform the client runs on: only releases it can install are listed (a release with builds but none for it is not offered), and the answer carries the build to download */
                platform?: "windows" | "macos" | "linux";
                /** @description the processor architecture, with platform (x64 when left out) */
                arch?: "x64" | "arm64";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag; a leading v and build metadata (+...) are accepted and ignored, as semver does
                 * @example 1.8.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogPreviewSinceByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the platform the client runs on: only releases it can install are listed (a release with builds but none for it is not offered), and the answer carries the build to download */
                platform?: "windows" | "macos" | "linux";
                /** @description the processor architecture, with platform (x64 when left out) */
                arch?: "x64" | "arm64";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag; a leading v and build metadata (+...) are accepted and ignored, as semver does
                 * @example 1.8.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["UpdateCheck"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogPreviewSinceByVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag; a leading v and build metadata (+...) are accepted and ignored, as semver does
                 * @example 1.8.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogPreviewSinceByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the platform the client runs on: only releases it can install are listed (a release with builds but none for it is not offered), and the answer carries the build to download */
                platform?: "windows" | "macos" | "linux";
                /** @description the processor architecture, with platform (x64 when left out) */
                arch?: "x64" | "arm64";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version the client runs, <major>.<minor>.<patch> with an optional pre-release tag; a leading v and build metadata (+...) are accepted and ignored, as semver does
                 * @example 1.8.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    postInstalls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["InstallCredential"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsInstalls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesElectronByFile: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the app's architecture, in the feed URL (`.../electron?arch=arm64`): only its build; without it, a release with a build for every architecture the channel ships for the OS */
                arch?: "x64" | "arm64";
                /** @description electron-updater's cache buster (GenericProvider adds `noCache=<random>` unless the request carries Authorization or the feed URL a query): accepted and ignored */
                noCache?: string;
                /**
                 * @description the version the app runs (Tauri: `version={{current_version}}`; electron-updater and Sparkle: added by the app to the feed URL): with install_id (or electron-updater's x-user-staging-id) the check counts the install as active on it in release health; the answer is the same with or without it
                 * @example 1.11.2
                 */
                version?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the channel file electron-updater asks for: latest*.yml for stable, rc*, beta* and alpha*.yml for those channels (each with the more stable ones), preview*.yml for every preview
                 * @example latest-mac.yml
                 */
                file: "latest.yml" | "latest-mac.yml" | "latest-linux.yml" | "latest-linux-arm64.yml" | "rc.yml" | "rc-mac.yml" | "rc-linux.yml" | "rc-linux-arm64.yml" | "beta.yml" | "beta-mac.yml" | "beta-linux.yml" | "beta-linux-arm64.yml" | "alpha.yml" | "alpha-mac.yml" | "alpha-linux.yml" | "alpha-linux-arm64.yml" | "preview.yml" | "preview-mac.yml" | "preview-linux.yml" | "preview-linux-arm64.yml";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesElectronByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the channel file electron-updater asks for: latest*.yml for stable, rc*, beta* and alpha*.yml for those channels (each with the more stable ones), preview*.yml for every preview
                 * @example latest-mac.yml
                 */
                file: "latest.yml" | "latest-mac.yml" | "latest-linux.yml" | "latest-linux-arm64.yml" | "rc.yml" | "rc-mac.yml" | "rc-linux.yml" | "rc-linux-arm64.yml" | "beta.yml" | "beta-mac.yml" | "beta-linux.yml" | "beta-linux-arm64.yml" | "alpha.yml" | "alpha-mac.yml" | "alpha-linux.yml" | "alpha-linux-arm64.yml" | "preview.yml" | "preview-mac.yml" | "preview-linux.yml" | "preview-linux-arm64.yml";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesElectronByFile: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the app's architecture, in the feed URL (`.../electron?arch=arm64`): only its build; without it, a release with a build for every architecture the channel ships for the OS */
                arch?: "x64" | "arm64";
                /** @description electron-updater's cache buster (GenericProvider adds `noCache=<random>` unless the request carries Authorization or the feed URL a query): accepted and ignored */
                noCache?: string;
                /**
                 * @description the version the app runs (Tauri: `version={{current_version}}`; electron-updater and Sparkle: added by the app to the feed URL): with install_id (or electron-updater's x-user-staging-id) the check counts the install as active on it in release health; the answer is the same with or without it
                 * @example 1.11.2
                 */
                version?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the channel file electron-updater asks for: latest*.yml for stable, rc*, beta* and alpha*.yml for those channels (each with the more stable ones), preview*.yml for every preview
                 * @example latest-mac.yml
                 */
                file: "latest.yml" | "latest-mac.yml" | "latest-linux.yml" | "latest-linux-arm64.yml" | "rc.yml" | "rc-mac.yml" | "rc-linux.yml" | "rc-linux-arm64.yml" | "beta.yml" | "beta-mac.yml" | "beta-linux.yml" | "beta-linux-arm64.yml" | "alpha.yml" | "alpha-mac.yml" | "alpha-linux.yml" | "alpha-linux-arm64.yml" | "preview.yml" | "preview-mac.yml" | "preview-linux.yml" | "preview-linux-arm64.yml";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesElectronByVersionByFile: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the app's architecture, in the feed URL (`.../electron?arch=arm64`): only its build; without it, a release with a build for every architecture the channel ships for the OS */
                arch?: "x64" | "arm64";
                /** @description electron-updater's cache buster (GenericProvider adds `noCache=<random>` unless the request carries Authorization or the feed URL a query): accepted and ignored */
                noCache?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version the app runs, as the feed URL ends (`.../api/updates/electron/<version>`): counted in release health with the install electron-updater names; the query stays free for nothing but what electron-updater adds itself, so nothing reaches the download URLs
                 * @example 1.11.2
                 */
                version: string;
                /**
                 * @description the channel file electron-updater asks for: latest*.yml for stable, rc*, beta* and alpha*.yml for those channels (each with the more stable ones), preview*.yml for every preview
                 * @example latest-mac.yml
                 */
                file: "latest.yml" | "latest-mac.yml" | "latest-linux.yml" | "latest-linux-arm64.yml" | "rc.yml" | "rc-mac.yml" | "rc-linux.yml" | "rc-linux-arm64.yml" | "beta.yml" | "beta-mac.yml" | "beta-linux.yml" | "beta-linux-arm64.yml" | "alpha.yml" | "alpha-mac.yml" | "alpha-linux.yml" | "alpha-linux-arm64.yml" | "preview.yml" | "preview-mac.yml" | "preview-linux.yml" | "preview-linux-arm64.yml";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesElectronByVersionByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the version the app runs, as the feed URL ends (`.../api/updates/electron/<version>`): counted in release health with the install electron-updater names; the query stays free for nothing but what electron-updater adds itself, so nothing reaches the download URLs
                 * @example 1.11.2
                 */
                version: string;
                /**
                 * @description the channel file electron-updater asks for: latest*.yml for stable, rc*, beta* and alpha*.yml for those channels (each with the more stable ones), preview*.yml for every preview
                 * @example latest-mac.yml
                 */
                file: "latest.yml" | "latest-mac.yml" | "latest-linux.yml" | "latest-linux-arm64.yml" | "rc.yml" | "rc-mac.yml" | "rc-linux.yml" | "rc-linux-arm64.yml" | "beta.yml" | "beta-mac.yml" | "beta-linux.yml" | "beta-linux-arm64.yml" | "alpha.yml" | "alpha-mac.yml" | "alpha-linux.yml" | "alpha-linux-arm64.yml" | "preview.yml" | "preview-mac.yml" | "preview-linux.yml" | "preview-linux-arm64.yml";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesElectronByVersionByFile: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /** @description the app's architecture, in the feed URL (`.../electron?arch=arm64`): only its build; without it, a release with a build for every architecture the channel ships for the OS */
                arch?: "x64" | "arm64";
                /** @description electron-updater's cache buster (GenericProvider adds `noCache=<random>` unless the request carries Authorization or the feed URL a query): accepted and ignored */
                noCache?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version the app runs, as the feed URL ends (`.../api/updates/electron/<version>`): counted in release health with the install electron-updater names; the query stays free for nothing but what electron-updater adds itself, so nothing reaches the download URLs
                 * @example 1.11.2
                 */
                version: string;
                /**
                 * @description the channel file electron-updater asks for: latest*.yml for stable, rc*, beta* and alpha*.yml for those channels (each with the more stable ones), preview*.yml for every preview
                 * @example latest-mac.yml
                 */
                file: "latest.yml" | "latest-mac.yml" | "latest-linux.yml" | "latest-linux-arm64.yml" | "rc.yml" | "rc-mac.yml" | "rc-linux.yml" | "rc-linux-arm64.yml" | "beta.yml" | "beta-mac.yml" | "beta-linux.yml" | "beta-linux-arm64.yml" | "alpha.yml" | "alpha-mac.yml" | "alpha-linux.yml" | "alpha-linux-arm64.yml" | "preview.yml" | "preview-mac.yml" | "preview-linux.yml" | "preview-linux-arm64.yml";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesElectronDownloadByVersionByFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version of the release the build is of
                 * @example 1.11.2
                 */
                version: string;
                /**
                 * @description the build's file name, as its URL ends
                 * @example TunnelCompanion-1.11.2-macos-arm64.zip
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the build on its host, its URL as the release file gives it */
            302: {
                headers: {
                    /** @description where the build is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesElectronDownloadByVersionByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the version of the release the build is of
                 * @example 1.11.2
                 */
                version: string;
                /**
                 * @description the build's file name, as its URL ends
                 * @example TunnelCompanion-1.11.2-macos-arm64.zip
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesElectronDownloadByVersionByFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the version of the release the build is of
                 * @example 1.11.2
                 */
                version: string;
                /**
                 * @description the build's file name, as its URL ends
                 * @example TunnelCompanion-1.11.2-macos-arm64.zip
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the build on its host, its URL as the release file gives it */
            302: {
                headers: {
                    /** @description where the build is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesSparkleByChannelByPlatform: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the version the app runs (Tauri: `version={{current_version}}`; electron-updater and Sparkle: added by the app to the feed URL): with install_id (or electron-updater's x-user-staging-id) the check counts the install as active on it in release health; the answer is the same with or without it
                 * @example 1.11.2
                 */
                version?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description the platform and architecture the app runs on
                 * @example macos-arm64
                 */
                platform: "windows-x64" | "windows-arm64" | "macos-arm64" | "macos-x64" | "linux-x64" | "linux-arm64";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesSparkleByChannelByPlatform: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description the platform and architecture the app runs on
                 * @example macos-arm64
                 */
                platform: "windows-x64" | "windows-arm64" | "macos-arm64" | "macos-x64" | "linux-x64" | "linux-arm64";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesSparkleByChannelByPlatform: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the version the app runs (Tauri: `version={{current_version}}`; electron-updater and Sparkle: added by the app to the feed URL): with install_id (or electron-updater's x-user-staging-id) the check counts the install as active on it in release health; the answer is the same with or without it
                 * @example 1.11.2
                 */
                version?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description the platform and architecture the app runs on
                 * @example macos-arm64
                 */
                platform: "windows-x64" | "windows-arm64" | "macos-arm64" | "macos-x64" | "linux-x64" | "linux-arm64";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesTauriByChannelByTargetByArch: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the version the app runs (Tauri: `version={{current_version}}`; electron-updater and Sparkle: added by the app to the feed URL): with install_id (or electron-updater's x-user-staging-id) the check counts the install as active on it in release health; the answer is the same with or without it
                 * @example 1.11.2
                 */
                version?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Tauri's {{target}}
                 * @example darwin
                 */
                target: "darwin" | "windows" | "linux";
                /**
                 * @description Tauri's {{arch}}
                 * @example x86_64
                 */
                arch: "x86_64" | "aarch64";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TauriManifest"];
                };
            };
            /** @description no release offered to this install has a signed build for the platform: Tauri's "no update" */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesTauriByChannelByTargetByArch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Tauri's {{target}}
                 * @example darwin
                 */
                target: "darwin" | "windows" | "linux";
                /**
                 * @description Tauri's {{arch}}
                 * @example x86_64
                 */
                arch: "x86_64" | "aarch64";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesTauriByChannelByTargetByArch: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the version the app runs (Tauri: `version={{current_version}}`; electron-updater and Sparkle: added by the app to the feed URL): with install_id (or electron-updater's x-user-staging-id) the check counts the install as active on it in release health; the answer is the same with or without it
                 * @example 1.11.2
                 */
                version?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Tauri's {{target}}
                 * @example darwin
                 */
                target: "darwin" | "windows" | "linux";
                /**
                 * @description Tauri's {{arch}}
                 * @example x86_64
                 */
                arch: "x86_64" | "aarch64";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no release offered to this install has a signed build for the platform: Tauri's "no update" */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesTauriByChannelByTargetByArchByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Tauri's {{target}}
                 * @example darwin
                 */
                target: "darwin" | "windows" | "linux";
                /**
                 * @description Tauri's {{arch}}
                 * @example x86_64
                 */
                arch: "x86_64" | "aarch64";
                /**
                 * @description Tauri's {{current_version}}: counted in release health with install_id
                 * @example 1.11.2
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TauriManifest"];
                };
            };
            /** @description no release offered to this install has a signed build for the platform: Tauri's "no update" */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesTauriByChannelByTargetByArchByVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Tauri's {{target}}
                 * @example darwin
                 */
                target: "darwin" | "windows" | "linux";
                /**
                 * @description Tauri's {{arch}}
                 * @example x86_64
                 */
                arch: "x86_64" | "aarch64";
                /**
                 * @description Tauri's {{current_version}}: counted in release health with install_id
                 * @example 1.11.2
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesTauriByChannelByTargetByArchByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Tauri's {{target}}
                 * @example darwin
                 */
                target: "darwin" | "windows" | "linux";
                /**
                 * @description Tauri's {{arch}}
                 * @example x86_64
                 */
                arch: "x86_64" | "aarch64";
                /**
                 * @description Tauri's {{current_version}}: counted in release health with install_id
                 * @example 1.11.2
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no release offered to this install has a signed build for the platform: Tauri's "no update" */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesSquirrelByChannelByPlatformByVersionRELEASES: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the OS version the app runs on (`process.getSystemVersion()`): neither Squirrel compares a build's minimum OS, so without it no build that needs one is offered
                 * @example 14.5
                 */
                os?: string;
                /** @description Squirrel.Windows' package id: ignored */
                id?: string;
                /** @description Squirrel.Windows' own form of the installed version: ignored (the path's version counts) */
                localVersion?: string;
                /** @description amd64 or x86, the OS bitness Squirrel.Windows reports: ignored (the path names the architecture) */
                arch?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on Windows (`win32` alone is x64)
                 * @example win32-x64
                 */
                platform: "win32-x64" | "win32-arm64" | "win32";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesSquirrelByChannelByPlatformByVersionRELEASES: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on Windows (`win32` alone is x64)
                 * @example win32-x64
                 */
                platform: "win32-x64" | "win32-arm64" | "win32";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesSquirrelByChannelByPlatformByVersionRELEASES: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the OS version the app runs on (`process.getSystemVersion()`): neither Squirrel compares a build's minimum OS, so without it no build that needs one is offered
                 * @example 14.5
                 */
                os?: string;
                /** @description Squirrel.Windows' package id: ignored */
                id?: string;
                /** @description Squirrel.Windows' own form of the installed version: ignored (the path's version counts) */
                localVersion?: string;
                /** @description amd64 or x86, the OS bitness Squirrel.Windows reports: ignored (the path names the architecture) */
                arch?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on Windows (`win32` alone is x64)
                 * @example win32-x64
                 */
                platform: "win32-x64" | "win32-arm64" | "win32";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesSquirrelByChannelByPlatformByVersionByFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on Windows (`win32` alone is x64)
                 * @example win32-x64
                 */
                platform: "win32-x64" | "win32-arm64" | "win32";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
                /**
                 * @description the build's file name, as its URL ends
                 * @example TunnelCompanion-1.11.1-full.nupkg
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the package on its host, its URL as the release file gives it */
            302: {
                headers: {
                    /** @description where the build is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesSquirrelByChannelByPlatformByVersionByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on Windows (`win32` alone is x64)
                 * @example win32-x64
                 */
                platform: "win32-x64" | "win32-arm64" | "win32";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
                /**
                 * @description the build's file name, as its URL ends
                 * @example TunnelCompanion-1.11.1-full.nupkg
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesSquirrelByChannelByPlatformByVersionByFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on Windows (`win32` alone is x64)
                 * @example win32-x64
                 */
                platform: "win32-x64" | "win32-arm64" | "win32";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
                /**
                 * @description the build's file name, as its URL ends
                 * @example TunnelCompanion-1.11.1-full.nupkg
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the package on its host, its URL as the release file gives it */
            302: {
                headers: {
                    /** @description where the build is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getUpdatesSquirrelByChannelByPlatformByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the OS version the app runs on (`process.getSystemVersion()`): neither Squirrel compares a build's minimum OS, so without it no build that needs one is offered
                 * @example 14.5
                 */
                os?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on macOS (`darwin` alone is x64, as update.electronjs.org takes it)
                 * @example darwin-arm64
                 */
                platform: "darwin-x64" | "darwin-arm64" | "darwin";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SquirrelMacUpdate"];
                };
            };
            /** @description the install runs the newest release offered to it (or a newer one): Squirrel.Mac's "no update" */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsUpdatesSquirrelByChannelByPlatformByVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on macOS (`darwin` alone is x64, as update.electronjs.org takes it)
                 * @example darwin-arm64
                 */
                platform: "darwin-x64" | "darwin-arm64" | "darwin";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headUpdatesSquirrelByChannelByPlatformByVersion: {
        parameters: {
            query?: {
                /**
                 * @description an opaque id the install keeps (a UUID, say); decides, with the version, whether a release in a staged rollout is offered to it
                 * @example 8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b
                 */
                install_id?: string;
                /**
                 * @description the OS version the app runs on (`process.getSystemVersion()`): neither Squirrel compares a build's minimum OS, so without it no build that needs one is offered
                 * @example 14.5
                 */
                os?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)
                 * @example stable
                 */
                channel: "stable" | "rc" | "beta" | "alpha" | "preview";
                /**
                 * @description Electron's `${process.platform}-${process.arch}` on macOS (`darwin` alone is x64, as update.electronjs.org takes it)
                 * @example darwin-arm64
                 */
                platform: "darwin-x64" | "darwin-arm64" | "darwin";
                /**
                 * @description the version the app runs (`app.getVersion()`), as the feed URL ends
                 * @example 1.11.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the install runs the newest release offered to it (or a newer one): Squirrel.Mac's "no update" */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsChangelogRss: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsChangelogRss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsChangelogRss: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsChangelogAtom: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsChangelogAtom: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsChangelogAtom: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsChangelogJson: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/feed+json": {
                        /** @constant */
                        version: "https://jsonfeed.org/version/1.1";
                        title: string;
                        home_page_url: string;
                        feed_url: string;
                        items: {
                            id: string;
                            url: string;
                            title: string;
                            content_html: string;
                            summary: string;
                            /** Format: date-time */
                            date_modified: string;
                        }[];
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsChangelogJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsChangelogJson: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsChangelogPreviewRss: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsChangelogPreviewRss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsChangelogPreviewRss: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsChangelogPreviewAtom: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsChangelogPreviewAtom: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsChangelogPreviewAtom: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsChangelogPreviewJson: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/feed+json": {
                        /** @constant */
                        version: "https://jsonfeed.org/version/1.1";
                        title: string;
                        home_page_url: string;
                        feed_url: string;
                        items: {
                            id: string;
                            url: string;
                            title: string;
                            content_html: string;
                            summary: string;
                            /** Format: date-time */
                            date_modified: string;
                        }[];
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsChangelogPreviewJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsChangelogPreviewJson: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsNoticesRss: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsNoticesRss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsNoticesRss: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsNoticesAtom: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsNoticesAtom: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsNoticesAtom: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsNoticesJson: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/feed+json": {
                        /** @constant */
                        version: "https://jsonfeed.org/version/1.1";
                        title: string;
                        home_page_url: string;
                        feed_url: string;
                        items: {
                            id: string;
                            url: string;
                            title: string;
                            content_html: string;
                            summary: string;
                            /** Format: date-time */
                            date_modified: string;
                        }[];
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsNoticesJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsNoticesJson: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsErrorsRss: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsErrorsRss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsErrorsRss: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsErrorsAtom: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsErrorsAtom: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsErrorsAtom: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedsErrorsJson: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/feed+json": {
                        /** @constant */
                        version: "https://jsonfeed.org/version/1.1";
                        title: string;
                        home_page_url: string;
                        feed_url: string;
                        items: {
                            id: string;
                            url: string;
                            title: string;
                            content_html: string;
                            summary: string;
                            /** Format: date-time */
                            date_modified: string;
                        }[];
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedsErrorsJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedsErrorsJson: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getCodenames: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["Codename"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsCodenames: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headCodenames: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getElementsPage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["Element"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsElementsPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headElementsPage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getCodenamePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["Element"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsCodenamePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headCodenamePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getCodenameByCodenamePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description an element name, any letter case
                 * @example neon
                 */
                codename: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ElementDetail"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description CODENAME_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorCodenameNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsCodenameByCodenamePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description an element name, any letter case
                 * @example neon
                 */
                codename: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headCodenameByCodenamePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description an element name, any letter case
                 * @example neon
                 */
                codename: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CODENAME_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getAssetsPagesCss: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsAssetsPagesCss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headAssetsPagesCss: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNoticesPage: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["Notice"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNoticesPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNoticesPage: {
        parameters: {
            query?: {
                /**
                 * @description the version the client runs; only notices whose audience range includes it
                 * @example 1.10.2
                 */
                client_version?: string;
                /** @description the platform the client runs on; only notices meant for it */
                platform?: "windows" | "macos" | "linux";
                /** @description the update channel the client follows; only notices meant for it */
                channel?: "stable" | "preview";
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getNoticesByIdPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Notice"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorNoticeNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsNoticesByIdPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headNoticesByIdPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a notice id, a positive integer
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOTICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: {
                            [key: string]: components["schemas"]["Release"];
                        };
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogStablePage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: {
                            [key: string]: components["schemas"]["Release"];
                        };
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogStablePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogStablePage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogStableByVersionPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a stable release version <major>.<minor>.<patch>
                 * @example 1.9.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReleaseDetail"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogStableByVersionPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a stable release version <major>.<minor>.<patch>
                 * @example 1.9.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogStableByVersionPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a stable release version <major>.<minor>.<patch>
                 * @example 1.9.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogPreviewPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: {
                            [key: string]: components["schemas"]["Release"];
                        };
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogPreviewPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogPreviewPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getChangelogPreviewByVersionPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a preview release version, with an optional pre-release tag
                 * @example 1.12.0-beta.1
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ReleaseDetail"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsChangelogPreviewByVersionPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a preview release version, with an optional pre-release tag
                 * @example 1.12.0-beta.1
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headChangelogPreviewByVersionPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a preview release version, with an optional pre-release tag
                 * @example 1.12.0-beta.1
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedback: {
        parameters: {
            query?: {
                /**
                 * @description page number, from 1
                 * @example 1
                 */
                page?: number;
                /**
                 * @description records per page
                 * @example 50
                 */
                per_page?: number;
                /** @description only feedback of this type */
                type?: "bug" | "suggestion" | "question" | "other";
                /** @description only feedback from this platform */
                platform?: "windows" | "macos" | "linux";
                /**
                 * @description only feedback from this client version, as reported
                 * @example 1.11.2
                 */
                client_version?: string;
                /** @description only feedback with this status */
                status?: "new" | "triaged" | "planned" | "done" | "spam";
                /**
                 * @description only feedback sent on this UTC day or later, YYYY-MM-DD
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description only feedback sent on this UTC day or earlier, YYYY-MM-DD
                 * @example 2026-11-30
                 */
                to?: string;
                /**
                 * @description only feedback whose text holds these characters (any letter case)
                 * @example tray icon
                 */
                q?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["Feedback"][];
                        /** @description records matching the filter, on every page */
                        total: number;
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    postFeedback: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential's request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service's data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "The tunnel drops every few minutes on hotel Wi-Fi.",
                 *       "type": "bug",
                 *       "client_version": "1.9.0",
                 *       "platform": "windows"
                 *     }
                 */
                "application/json": components["schemas"]["NewFeedback"];
            };
        };
        responses: {
            /** @description created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FeedbackReceipt"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON, IDEMPOTENCY_KEY_INVALID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJsonIdempotencyKeyInvalid"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_LOST */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorIdempotencyKeyInUseIdempotencyKeyLost"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailedIdempotencyKeyReused"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedback: {
        parameters: {
            query?: {
                /**
                 * @description page number, from 1
                 * @example 1
                 */
                page?: number;
                /**
                 * @description records per page
                 * @example 50
                 */
                per_page?: number;
                /** @description only feedback of this type */
                type?: "bug" | "suggestion" | "question" | "other";
                /** @description only feedback from this platform */
                platform?: "windows" | "macos" | "linux";
                /**
                 * @description only feedback from this client version, as reported
                 * @example 1.11.2
                 */
                client_version?: string;
                /** @description only feedback with this status */
                status?: "new" | "triaged" | "planned" | "done" | "spam";
                /**
                 * @description only feedback sent on this UTC day or later, YYYY-MM-DD
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description only feedback sent on this UTC day or earlier, YYYY-MM-DD
                 * @example 2026-11-30
                 */
                to?: string;
                /**
                 * @description only feedback whose text holds these characters (any letter case)
                 * @example tray icon
                 */
                q?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedbackExport: {
        parameters: {
            query?: {
                /** @description only feedback of this type */
                type?: "bug" | "suggestion" | "question" | "other";
                /** @description only feedback from this platform */
                platform?: "windows" | "macos" | "linux";
                /**
                 * @description only feedback from this client version, as reported
                 * @example 1.11.2
                 */
                client_version?: string;
                /** @description only feedback with this status */
                status?: "new" | "triaged" | "planned" | "done" | "spam";
                /**
                 * @description only feedback sent on this UTC day or later, YYYY-MM-DD
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description only feedback sent on this UTC day or earlier, YYYY-MM-DD
                 * @example 2026-11-30
                 */
                to?: string;
                /**
                 * @description only feedback whose text holds these characters (any letter case)
                 * @example tray icon
                 */
                q?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedbackExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedbackExport: {
        parameters: {
            query?: {
                /** @description only feedback of this type */
                type?: "bug" | "suggestion" | "question" | "other";
                /** @description only feedback from this platform */
                platform?: "windows" | "macos" | "linux";
                /**
                 * @description only feedback from this client version, as reported
                 * @example 1.11.2
                 */
                client_version?: string;
                /** @description only feedback with this status */
                status?: "new" | "triaged" | "planned" | "done" | "spam";
                /**
                 * @description only feedback sent on this UTC day or later, YYYY-MM-DD
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description only feedback sent on this UTC day or earlier, YYYY-MM-DD
                 * @example 2026-11-30
                 */
                to?: string;
                /**
                 * @description only feedback whose text holds these characters (any letter case)
                 * @example tray icon
                 */
                q?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedbackById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a feedback id
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    patchFeedbackById: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential's request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service's data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description a feedback id
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "planned",
                 *       "note": "In 1.13 with the new tray."
                 *     }
                 */
                "application/json": components["schemas"]["FeedbackTriage"];
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Feedback"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON, IDEMPOTENCY_KEY_INVALID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJsonIdempotencyKeyInvalid"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description FEEDBACK_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorFeedbackNotFound"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_LOST */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorIdempotencyKeyInUseIdempotencyKeyLost"];
                };
            };
            /** @description PRECONDITION_FAILED */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPreconditionFailed"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailedIdempotencyKeyReused"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    postFeedbackErasure: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential's request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service's data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact": "ann@example.org",
                 *       "reason": "Erasure request of 2026-11-26"
                 *     }
                 */
                "application/json": components["schemas"]["FeedbackErasureRequest"];
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FeedbackErasure"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON, IDEMPOTENCY_KEY_INVALID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJsonIdempotencyKeyInvalid"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_LOST */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorIdempotencyKeyInUseIdempotencyKeyLost"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailedIdempotencyKeyReused"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedbackErasure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getFeedbackStats: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FeedbackStats"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsFeedbackStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headFeedbackStats: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getReleasesByVersionHealth: {
        parameters: {
            query?: {
                /**
                 * @description how many days, ending today (UTC), 1 to the retention period (default 14)
                 * @example 14
                 */
                days?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a release version, stable or preview
                 * @example 1.12.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            version: string;
                            /** @enum {string} */
                            channel: "stable" | "preview";
                            /** @description the release before it on its channel, compared on the same days; null for the first */
                            previous: string | null;
                            /** @description first UTC day, YYYY-MM-DD */
                            from: string;
                            /** @description last UTC day (today), YYYY-MM-DD */
                            to: string;
                            days: {
                                /** @description installs that checked for updates from this version that day (distinct, exact) */
                                active_installs: number;
                                /** @description of the installs active that day (on that platform), the part on this version */
                                share: number;
                                date: string;
                                /** @description installs offered this version for the first time that day, by an update check from another version */
                                offered: number;
                                /** @description installs that checked for updates from this version for the first time that day, having been offered it (that day or before) */
                                took: number;
                                /** @description per platform the install reported (`unknown` when it named none) */
                                platforms: {
                                    [key: string]: {
                                        /** @description installs that checked for updates from this version that day (distinct, exact) */
                                        active_installs: number;
                                        /** @description of the installs active that day (on that platform), the part on this version */
                                        share: number;
                                    };
                                };
                                previous: {
                                    /** @description installs that checked for updates from this version that day (distinct, exact) */
                                    active_installs: number;
                                    /** @description of the installs active that day (on that platform), the part on this version */
                                    share: number;
                                } | null;
                            }[];
                            uptake: {
                                /** @description installs first offered this version on one of the days */
                                offered: number;
                                /** @description installs that took it on one of the days: checked in from it after having been offered it */
                                took: number;
                            };
                            feedback: {
                                /** @description installs active on the version per day, summed over the days */
                                install_days: number;
                                by_type: {
                                    [key: string]: {
                                        count: number;
                                        /** @description 1000 × count ÷ install_days; null without installs */
                                        per_1000: number | null;
                                    };
                                };
                            };
                            previous_feedback: {
                                /** @description installs active on the version per day, summed over the days */
                                install_days: number;
                                by_type: {
                                    [key: string]: {
                                        count: number;
                                        /** @description 1000 × count ÷ install_days; null without installs */
                                        per_1000: number | null;
                                    };
                                };
                            } | null;
                        };
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReleaseNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsReleasesByVersionHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a release version, stable or preview
                 * @example 1.12.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headReleasesByVersionHealth: {
        parameters: {
            query?: {
                /**
                 * @description how many days, ending today (UTC), 1 to the retention period (default 14)
                 * @example 14
                 */
                days?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a release version, stable or preview
                 * @example 1.12.0
                 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RELEASE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getTunnelErrorsStats: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CatalogStats"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headTunnelErrorsStats: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getTunnelErrorsLogs: {
        parameters: {
            query?: {
                /**
                 * @description only records of this Flag
                 * @example PORT1001
                 */
                flag?: string;
                /** @description only records of this operation */
                operation?: "CREATE" | "UPDATE" | "DELETE";
                /**
                 * @description most records to answer
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description records to skip, newest first
                 * @example 0
                 */
                offset?: number;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["OperationRecord"][];
                        /** @description records matching the filters */
                        total: number;
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsLogs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headTunnelErrorsLogs: {
        parameters: {
            query?: {
                /**
                 * @description only records of this Flag
                 * @example PORT1001
                 */
                flag?: string;
                /** @description only records of this operation */
                operation?: "CREATE" | "UPDATE" | "DELETE";
                /**
                 * @description most records to answer
                 * @example 50
                 */
                limit?: number;
                /**
                 * @description records to skip, newest first
                 * @example 0
                 */
                offset?: number;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getTunnelErrorsByFlagHistory: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["EntryVersion"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorErrorEntryNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsByFlagHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headTunnelErrorsByFlagHistory: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getTunnelErrorsPending: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["UnexportedChanges"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsPending: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headTunnelErrorsPending: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    postTunnelErrorsAddNew: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential's request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service's data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "Flag": "PORT1099",
                 *       "Info": "The local port is reserved by the operating system.",
                 *       "Solution": [
                 *         "Pick another local_port."
                 *       ],
                 *       "severity": "low"
                 *     }
                 */
                "application/json": components["schemas"]["NewErrorEntry"];
            };
        };
        responses: {
            /** @description created */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntrySummary"];
                        /** @description log records once this change is in: its seq */
                        logs_count: number;
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON, IDEMPOTENCY_KEY_INVALID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJsonIdempotencyKeyInvalid"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_LOST, DUPLICATE_FLAG */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorIdempotencyKeyInUseIdempotencyKeyLostDuplicateFlag"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailedIdempotencyKeyReused"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsAddNew: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getTunnelErrors: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["ErrorEntrySummary"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    postTunnelErrors: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential's request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service's data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "Flag": "PORT1098",
                 *       "Info": "The local port is reserved by the operating system.",
                 *       "Solution": [
                 *         "Pick another local_port."
                 *       ],
                 *       "severity": "low"
                 *     }
                 */
                "application/json": components["schemas"]["NewErrorEntry"];
            };
        };
        responses: {
            /** @description created */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntry"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON, IDEMPOTENCY_KEY_INVALID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJsonIdempotencyKeyInvalid"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_LOST, DUPLICATE_FLAG */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorIdempotencyKeyInUseIdempotencyKeyLostDuplicateFlag"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailedIdempotencyKeyReused"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headTunnelErrors: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getTunnelErrorsByFlag: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntry"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorErrorEntryNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    putTunnelErrorsByFlag: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description the ETag of the entry as last read (or *): the write happens only while the entry is still in that state, else 412 PRECONDITION_FAILED; checked together with the write, so two writers holding the same ETag cannot both win
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "Info": "The local port is reserved by the operating system.",
                 *       "Solution": [
                 *         "Pick another local_port.",
                 *         "Restart the tunnel."
                 *       ],
                 *       "messages": [
                 *         "bind: address already in use"
                 *       ],
                 *       "category": "local",
                 *       "severity": "medium",
                 *       "creator": null,
                 *       "notes": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEntryReplacement"];
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntry"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJson"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorErrorEntryNotFound"];
                };
            };
            /** @description PRECONDITION_FAILED */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPreconditionFailed"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailed"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    deleteTunnelErrorsByFlag: {
        parameters: {
            query?: {
                /**
                 * @description why the change is made: recorded with it in the operation log and the entry history, not in the entry
                 * @example Customers on 1.9 report the old wording.
                 */
                reason?: string;
            };
            header?: {
                /**
                 * @description the ETag of the entry as last read (or *): the write happens only while the entry is still in that state, else 412 PRECONDITION_FAILED; checked together with the write, so two writers holding the same ETag cannot both win
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntry"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorErrorEntryNotFound"];
                };
            };
            /** @description PRECONDITION_FAILED */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPreconditionFailed"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsByFlag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headTunnelErrorsByFlag: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    patchTunnelErrorsByFlag: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description the ETag of the entry as last read (or *): the write happens only while the entry is still in that state, else 412 PRECONDITION_FAILED; checked together with the write, so two writers holding the same ETag cannot both win
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        /** @description application/merge-patch+json (application/json is read the same), at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "notes": "Seen mostly on Windows 11.",
                 *       "creator": null
                 *     }
                 */
                "application/merge-patch+json": components["schemas"]["ErrorEntryPatch"];
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntry"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJson"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorErrorEntryNotFound"];
                };
            };
            /** @description PRECONDITION_FAILED */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPreconditionFailed"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailed"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    postTunnelErrorsByFlagRestore: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description the ETag of the entry as last read (or *): the write happens only while the entry is still in that state, else 412 PRECONDITION_FAILED; checked together with the write, so two writers holding the same ETag cannot both win
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-Match"?: string;
                /**
                 * @description a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential's request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service's data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": 1,
                 *       "reason": "Back to the reviewed wording."
                 *     }
                 */
                "application/json": components["schemas"]["RestoreRequest"];
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntry"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON, IDEMPOTENCY_KEY_INVALID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJsonIdempotencyKeyInvalid"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description ERROR_ENTRY_NOT_FOUND, ENTRY_VERSION_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorErrorEntryNotFoundEntryVersionNotFound"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_LOST */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorIdempotencyKeyInUseIdempotencyKeyLost"];
                };
            };
            /** @description PRECONDITION_FAILED */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPreconditionFailed"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailedIdempotencyKeyReused"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsByFlagRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getTunnelErrorsSearch: {
        parameters: {
            query?: {
                /**
                 * @description what to find: a code, words, or a pasted log line (case-insensitive; at most 1,000 characters)
                 * @example port
                 */
                q?: string;
                /**
                 * @description only entries of this category
                 * @example network
                 */
                category?: string;
                /** @description only entries of this severity */
                severity?: "low" | "medium" | "high" | "critical";
                /**
                 * @description most entries to answer
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["ErrorSearchHit"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsTunnelErrorsSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headTunnelErrorsSearch: {
        parameters: {
            query?: {
                /**
                 * @description what to find: a code, words, or a pasted log line (case-insensitive; at most 1,000 characters)
                 * @example port
                 */
                q?: string;
                /**
                 * @description only entries of this category
                 * @example network
                 */
                category?: string;
                /** @description only entries of this severity */
                severity?: "low" | "medium" | "high" | "critical";
                /**
                 * @description most entries to answer
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getErrorsPage: {
        parameters: {
            query?: {
                /**
                 * @description what to find: a code, words, or a pasted log line (case-insensitive; at most 1,000 characters)
                 * @example port
                 */
                q?: string;
                /**
                 * @description only entries of this category
                 * @example network
                 */
                category?: string;
                /** @description only entries of this severity */
                severity?: "low" | "medium" | "high" | "critical";
                /**
                 * @description most entries to answer
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description number of items in data */
                        count: number;
                        data: components["schemas"]["ErrorSearchHit"][];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsErrorsPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headErrorsPage: {
        parameters: {
            query?: {
                /**
                 * @description what to find: a code, words, or a pasted log line (case-insensitive; at most 1,000 characters)
                 * @example port
                 */
                q?: string;
                /**
                 * @description only entries of this category
                 * @example network
                 */
                category?: string;
                /** @description only entries of this severity */
                severity?: "low" | "medium" | "high" | "critical";
                /**
                 * @description most entries to answer
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getErrorsByFlagPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
                /**
                 * @description the search this entry was opened from (the results page sets it); counted per day with no one named
                 * @example too many open files
                 */
                from?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ErrorEntry"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorErrorEntryNotFound"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsErrorsByFlagPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headErrorsByFlagPage: {
        parameters: {
            query?: {
                /**
                 * @description a language tag such as de or pt-BR; wins over Accept-Language
                 * @example de
                 */
                lang?: string;
                /**
                 * @description the search this entry was opened from (the results page sets it); counted per day with no one named
                 * @example too many open files
                 */
                from?: string;
            };
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description a Flag: capital letters followed by digits
                 * @example PORT1001
                 */
                flag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ERROR_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    postSendEmail: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential's request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service's data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 64 KiB */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "user@example.com",
                 *       "subject": "Your tunnel is ready",
                 *       "markdown": "Connect with **PORT1001** fixed."
                 *     }
                 */
                "application/json": components["schemas"]["EmailMessage"];
            };
        };
        responses: {
            /** @description accepted */
            202: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["MailReceipt"];
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description BAD_PARAMETER, INVALID_JSON, IDEMPOTENCY_KEY_INVALID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameterInvalidJsonIdempotencyKeyInvalid"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_LOST */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorIdempotencyKeyInUseIdempotencyKeyLost"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorPayloadTooLarge"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
                };
            };
            /** @description VALIDATION_FAILED, IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorValidationFailedIdempotencyKeyReused"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorRateLimited"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            /** @description MAIL_UPSTREAM_FAILED */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMailUpstreamFailed"];
                };
            };
            /** @description STORAGE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorStorageUnavailable"];
                };
            };
            /** @description MAIL_TIMEOUT */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMailTimeout"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsSendEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headHealth: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getHealthLive: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthProbe"];
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsHealthLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headHealthLive: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getHealthReady: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthProbe"];
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsHealthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headHealthReady: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getHealthWritable: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthProbe"];
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsHealthWritable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headHealthWritable: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorUnauthorized"];
                };
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorForbidden"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headMetrics: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN */
            403: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBadParameter"];
                };
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headOpenapiJson: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_PARAMETER */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getDocsPage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            title: string;
                            markdown: string;
                            openapi: string;
                        };
                        /**
                         * @description the time in UTC, ISO 8601 without a zone suffix (as the interface fixes it), six fraction digits; read it as UTC
                         * @example 2026-11-25T22:04:40.123456
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorInternalError"];
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    optionsDocsPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no content; Allow lists the methods */
            204: {
                headers: {
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
    headDocsPage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description an ETag from an earlier answer: 304 without a body while it still matches
                 * @example "2jmj7l5rSw0yVb_vlWAYkK_YBwk"
                 */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success, without a body */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            default: components["responses"]["Unexpected"];
        };
    };
}
