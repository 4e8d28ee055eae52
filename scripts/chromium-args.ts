/**
 * The switches Chromium runs with when Loupe drives it, in the end-to-end tests and in the page
 * bench alike, so the bench measures the page as the tests run it: headless, no sandbox (CI runs
 * as root), and no background work of the browser's own (networking, component updates, sync).
 */
// Headless Chromium opens a browser window per test (a fresh context), and with it the omnibox's
// popup, a WebUI page in a renderer of its own that follows every navigation and change of the
// address: about 0.8 CPU-seconds a test, a fifth of what a test costs, for a popup nobody opens.
// A later --disable-features replaces an earlier one, so the list Playwright passes itself (1.65,
// chromiumSwitches.ts) is repeated here; copy it again when upgrading Playwright.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const BROWSER_UI_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES_OFF].join(',')}`,
];
