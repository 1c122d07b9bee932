// Kept apart from the WebKit launcher so that knowing it does not load WebdriverIO.

/** MiniBrowser's window is never narrower than its toolbar: its viewport is at least this wide (WebKitGTK 2.50). */
export const WEBKIT_NARROWEST = 447;
