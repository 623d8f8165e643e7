/**
 * The sign-in page before react-router has loaded: a visitor without a session lands here
 * whatever the URL (src/app/start.tsx), so the first page needs neither the router nor any other
 * route's code (bench/README.md, "Page weight"). It renders the same layout and page as the
 * router's `/user/login` route, with the navigation of src/app/navigation.tsx provided here:
 * going anywhere (after signing in, or following a link) hands over to the whole app at that
 * path (`onLeave`), which shows the sign-in page until the next page is ready.
 */
import { forwardRef, useMemo, type MouseEvent } from 'react';
import LoginPage from '../features/auth/components/LoginPage';
import UserLayout from '../layouts/UserLayout';
import { NavigationProvider, type PageLinkProps, type PageNavigation } from './navigation';

/** Leaves the sign-in page for the whole app at `path` (pushed, or replacing the current entry). */
export type LeaveSignIn = (path: string, replace: boolean) => void;

/** A click the app handles itself, as react-router's `Link` decides it (plain left click, same tab). */
function isAppClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === '_self') && !modified;
}

function createLink(leave: LeaveSignIn) {
  return forwardRef<HTMLAnchorElement, PageLinkProps>(function SignInLink({ to, onClick, target, children, ...rest }, ref) {
    return (
      <a
        {...rest}
        ref={ref}
        href={to}
        target={target}
        data-discover="true"
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented || !isAppClick(event, target)) return;
          event.preventDefault();
          leave(to, false);
        }}
      >
        {children}
      </a>
    );
  });
}

export default function SignInStage({ onLeave }: { onLeave: LeaveSignIn }) {
  const navigation = useMemo<PageNavigation>(
    () => ({
      navigate: (to, options) => onLeave(to, options?.replace ?? false),
      search: window.location.search,
      Link: createLink(onLeave),
      Outlet: LoginPage,
    }),
    [onLeave],
  );
  return (
    <NavigationProvider value={navigation}>
      <UserLayout />
    </NavigationProvider>
  );
}
