/** The capsule operations, imported when a host first supplies capsules. */
export function capsuleOperations(): Promise<typeof import('./capsules.js')> {
  return import('./capsules.js');
}
