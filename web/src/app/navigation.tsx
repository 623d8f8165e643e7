/**
 * The little routing the sign-in page and its layout use (go to a path, read the query, link,
 * show the child page), without importing react-router: the app provides it from react-router
 * (`RouterNavigation` in routes.tsx), and the sign-in stage (SignInStage.tsx) provides it before
 * react-router has loaded, so the first page does not download the router (bench/README.md,
 * "Page weight"). Components of other pages use react-router directly.
 */
import {
  createContext,
  forwardRef,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ForwardRefExoticComponent,
  type RefAttributes,
} from 'react';

export type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };
export type PageLinkComponent = ForwardRefExoticComponent<PageLinkProps & RefAttributes<HTMLAnchorElement>>;

export interface PageNavigation {
  /** Goes to an app path (like react-router's `navigate`). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The current location's query string (`?a=b`, or empty). */
  search: string;
  /** A link to an app path (like react-router's `Link`). */
  Link: PageLinkComponent;
  /** The child page of a layout (like react-router's `Outlet`). */
  Outlet: ComponentType;
}

const NavigationContext = createContext<PageNavigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

export function usePageNavigation(): PageNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('usePageNavigation needs a NavigationProvider (routes.tsx or SignInStage.tsx)');
  return navigation;
}

/** A link to an app path through the provided navigation. */
export const PageLink = forwardRef<HTMLAnchorElement, PageLinkProps>(function PageLink(props, ref) {
  const { Link } = usePageNavigation();
  return <Link ref={ref} {...props} />;
});

/** The child page of a layout. */
export function PageOutlet() {
  const { Outlet } = usePageNavigation();
  return <Outlet />;
}
