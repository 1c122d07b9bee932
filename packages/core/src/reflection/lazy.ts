/**
 * The reflection (reference detection, activation, promotion, waste, calibration, telemetry), imported on first
 * use: it runs after a turn is committed or when a host asks, so an app's entry chunk does not carry it.
 */
export function reflection(): Promise<typeof import('./index.js')> {
  return import('./index.js');
}
