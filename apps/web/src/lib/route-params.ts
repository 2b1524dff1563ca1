import { LIMITS } from '@verdict/contract';
import { useParams } from 'react-router';

/**
 * Parses a route segment as a positive integer id; null when it is not one
 * (docs/product/README.md, "Conventions every call follows").
 */
export function parseId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= LIMITS.idMax ? id : null;
}

/** The numeric `:id` (or another named param) of the current route, or null when malformed. */
export function useIdParam(name = 'id'): number | null {
  const params = useParams();
  return parseId(params[name]);
}
