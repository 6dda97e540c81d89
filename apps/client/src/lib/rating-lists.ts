import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/** The rating questions and relationship types the server serves; they do not change while the page is open. */
export function useRatingLists() {
  const trpc = useTRPC();
  const questions = useQuery({
    ...trpc.rating.questions.queryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const relationshipTypes = useQuery({
    ...trpc.rating.relationshipTypes.queryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { questions, relationshipTypes };
}
