import { useState } from 'react';

/** A filter of a paged admin list: a new value shows the list again from its first page. */
export function useListFilter<T>(initial: T, setPage: (page: number) => void): [T, (value: T) => void] {
  const [value, setValue] = useState(initial);
  const change = (next: T) => {
    setValue(next);
    setPage(1);
  };
  return [value, change];
}
