// The formats the updaters desktop apps ship with read, as pure functions from a release, its
// builds and what an install says of itself to the bytes the updater is handed. No I/O, no HTTP:
// apps/api decides which releases an install is offered and serves what these make.
export { bundleVersionOf, deltaBuilds, fullBuilds, INSTALLS, installableBuild, installableBuilds, installsOn, type Updater } from './builds';
export { channelOfVersion, channelOffers, FEED_CHANNELS, NAMED_CHANNELS, previewKeyOf, previewKeyOffers, previewOffersTo, type FeedChannel, type NamedChannel } from './channels';
export { darwinVersion, ELECTRON_FILES, electronBuilds, electronBuildsOf, electronChannelFile, electronKeyOf, type ElectronSuffix } from './electron-yml';
export { sparkleAppcast, sparkleBuild, type AppcastOptions } from './sparkle-appcast';
export { compareSparkleVersions } from './sparkle-version';
export { runsOn, SQUIRREL_PLATFORMS, squirrelBuild, squirrelChoice, squirrelMacUpdate, type SquirrelPlatform } from './squirrel-mac';
export { deltaChain, packageFileName, squirrelFormOf, squirrelReleases, squirrelVersionOf } from './squirrel-windows';
export { TAURI_ARCHES, TAURI_TARGETS, tauriBuilds, tauriManifest, type TauriArch, type TauriTarget } from './tauri-json';
export { cdata, xml, Xml } from './xml';
