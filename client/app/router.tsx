/**
 * The app's routing vocabulary, over wouter. Screens import routing only from here, so the router
 * underneath is one file's decision. wouter replaced React Router 7 to keep the shop route's up-front
 * JavaScript within its budget (React Router was 13 KB of ~108 KB gzipped; wouter is ~2 KB), and the
 * app needs only flat routes, links, params, search params and history state.
 */
import { useCallback, useMemo, type ComponentProps, type ReactNode } from 'react';
import {
  Link as WouterLink,
  useLocation as useWouterLocation,
  useSearch,
  useSearchParams as useWouterSearchParams,
} from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

export { Route, Switch, useParams } from 'wouter';

export interface AppLocation {
  pathname: string;
  /** '' or '?…', as window.location.search. */
  search: string;
  /** The state the entry was pushed with (history.state), null for a typed or copied URL. */
  state: unknown;
}

export function useLocation(): AppLocation {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const state: unknown = useHistoryState();
  return useMemo(() => ({ pathname, search: search ? `?${search}` : '', state }), [pathname, search, state]);
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** A path, or `{ search }` to change only the query of the current path. */
export type To = string | { search: string };

export type Navigate = {
  (to: To, options?: NavigateOptions): void;
  /** Steps through history, as the browser's Back (-1) and Forward (1) buttons. */
  (delta: number): void;
};

export function useNavigate(): Navigate {
  const [pathname, navigate] = useWouterLocation();
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      const target = typeof to === 'string' ? to : `${pathname}${to.search}`;
      navigate(target, { replace: options.replace ?? false, state: options.state ?? null });
    },
    [navigate, pathname],
  ) as Navigate;
}

type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query string as URLSearchParams, and a setter that keeps the path (options: replace, state). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useWouterSearchParams();
  const set = useCallback(
    (next: SearchParamsInit, options: NavigateOptions = {}) => setParams(next, options),
    [setParams],
  );
  return [params, set];
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean; children?: ReactNode };

/** An in-app link: a real <a href> (open in a new tab works), navigating without a page load. */
export function Link({ to, ...props }: LinkProps) {
  return <WouterLink href={to} {...props} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: (state: { isActive: boolean }) => string };

/** A link that knows whether its path is the current one: `aria-current="page"` and an active class. */
export function NavLink({ to, className, ...props }: NavLinkProps) {
  const [pathname] = useWouterLocation();
  const isActive = pathname === to;
  return (
    <WouterLink
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={className?.({ isActive })}
      {...props}
    />
  );
}
