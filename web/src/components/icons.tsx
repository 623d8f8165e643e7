/** The few line icons the app uses (24×24 stroke icons in the style of Lucide). */
import { createIcon } from '@chakra-ui/react';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Icons size with the surrounding text unless a size is given. */
const defaultProps = { boxSize: '1em' } as const;

export const GlobeIcon = createIcon({
  defaultProps,
  displayName: 'GlobeIcon',
  path: [
    <circle key="c" cx="12" cy="12" r="10" {...stroke} />,
    <path key="m" d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20" {...stroke} />,
    <path key="l" d="M2 12h20" {...stroke} />,
  ],
});

export const UserIcon = createIcon({
  defaultProps,
  displayName: 'UserIcon',
  path: [
    <path key="b" d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" {...stroke} />,
    <circle key="h" cx="12" cy="7" r="4" {...stroke} />,
  ],
});

export const LockIcon = createIcon({
  defaultProps,
  displayName: 'LockIcon',
  path: [
    <rect key="r" width="18" height="11" x="3" y="11" rx="2" ry="2" {...stroke} />,
    <path key="s" d="M7 11V7a5 5 0 0 1 10 0v4" {...stroke} />,
  ],
});

export const PhoneIcon = createIcon({
  defaultProps,
  displayName: 'PhoneIcon',
  path: [
    <rect key="r" width="14" height="20" x="5" y="2" rx="2" ry="2" {...stroke} />,
    <path key="d" d="M12 18h.01" {...stroke} />,
  ],
});

export const ShieldIcon = createIcon({
  defaultProps,
  displayName: 'ShieldIcon',
  path: [
    <path
      key="s"
      d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"
      {...stroke}
    />,
    <path key="c" d="m9 12 2 2 4-4" {...stroke} />,
  ],
});

export const EyeIcon = createIcon({
  defaultProps,
  displayName: 'EyeIcon',
  path: [
    <path key="e" d="M2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 19.88 0 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-19.88 0" {...stroke} />,
    <circle key="p" cx="12" cy="12" r="3" {...stroke} />,
  ],
});

export const EyeOffIcon = createIcon({
  defaultProps,
  displayName: 'EyeOffIcon',
  path: [
    <path key="a" d="M10.73 5.08A10.43 10.43 0 0 1 12 5c7 0 10 7 10 7a13.16 13.16 0 0 1-1.67 2.68" {...stroke} />,
    <path key="b" d="M6.61 6.61A13.526 13.526 0 0 0 2 12s3 7 10 7a9.74 9.74 0 0 0 5.39-1.61" {...stroke} />,
    <path key="c" d="M14.084 14.158a3 3 0 0 1-4.242-4.242" {...stroke} />,
    <path key="d" d="m2 2 20 20" {...stroke} />,
  ],
});

export const LogOutIcon = createIcon({
  defaultProps,
  displayName: 'LogOutIcon',
  path: [
    <path key="a" d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" {...stroke} />,
    <path key="b" d="m16 17 5-5-5-5" {...stroke} />,
    <path key="c" d="M21 12H9" {...stroke} />,
  ],
});

export const ChevronDownIcon = createIcon({
  defaultProps,
  displayName: 'ChevronDownIcon',
  path: <path d="m6 9 6 6 6-6" {...stroke} />,
});

/** The product mark: a parcel on a route. */
export const ParcelIcon = createIcon({
  defaultProps,
  displayName: 'ParcelIcon',
  path: [
    <path
      key="box"
      d="M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z"
      {...stroke}
    />,
    <path key="lid" d="M3.3 7 12 12l8.7-5" {...stroke} />,
    <path key="mid" d="M12 22V12" {...stroke} />,
    <path key="tape" d="m7.5 4.27 9 5.15" {...stroke} />,
  ],
});
