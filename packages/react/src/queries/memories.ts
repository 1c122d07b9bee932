import type { MemoryEntry } from '@ctxkit/core';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEngine } from '../provider/index.js';
import { ctxkitKeys } from '../query-cache/index.js';

/**
 * What the engine remembers across conversations (key points and preferences), oldest first, each with the session
 * it came from. Refreshed when this engine's memories change, and when a turn or a deleted session may have changed
 * them.
 */
export function useMemories(): UseQueryResult<MemoryEntry[]> {
  const engine = useEngine();
  const client = useQueryClient();
  useEffect(
    () => engine.memories.subscribe(() => void client.invalidateQueries({ queryKey: ctxkitKeys.memories() })),
    [engine, client],
  );
  return useQuery({ queryKey: ctxkitKeys.memories(), queryFn: () => engine.memories.list() });
}

/** Deletes one memory (`engine.memories.delete`): it is offered to no conversation again. */
export function useDeleteMemory(): UseMutationResult<boolean, Error, string> {
  const engine = useEngine();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memoryId: string) => engine.memories.delete(memoryId),
    onSettled: () => client.invalidateQueries({ queryKey: ctxkitKeys.memories() }),
  });
}
