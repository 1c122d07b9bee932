/** The cluster operations, imported on the first request whose query has an embedding (hosts with an embedder). */
export function clusterOperations(): Promise<typeof import('./index.js')> {
  return import('./index.js');
}
