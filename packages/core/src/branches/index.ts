export { type BranchView, branchMessages, branchView } from './assemble.js';
export { type Fork, type ForkOptions, forkLength, forkSession } from './fork.js';
export { type BranchNode, branchTree, deletionOrder, directBranches } from './tree.js';
