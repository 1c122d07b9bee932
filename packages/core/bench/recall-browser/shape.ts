// The benchmark's shape, apart from the page so the runner can report it without loading the page's code.
export const SHAPE = {
  turnsPerSession: 100,
  sessionsPerImport: 25,
  prepareRuns: 5,
  prepareWarmup: 5,
  prepareIterations: 30,
  commitRuns: 3,
  commitWarmup: 2,
  commitIterations: 10,
  firstRequestRuns: 3,
  searchRuns: 5,
  searchIterations: 30,
} as const;
