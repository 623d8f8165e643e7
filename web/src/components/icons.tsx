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

type IconPart = { d: string } | { circle: [number, number, number] } | { rect: [number, number, number, number, number] };

/** A stroke icon from Lucide-style parts. */
function strokeIcon(displayName: string, parts: IconPart[]) {
  return createIcon({
    defaultProps,
    displayName,
    path: parts.map((part, index) => {
      if ('d' in part) return <path key={index} d={part.d} {...stroke} />;
      if ('circle' in part) {
        const [cx, cy, r] = part.circle;
        return <circle key={index} cx={cx} cy={cy} r={r} {...stroke} />;
      }
      const [x, y, width, height, rx] = part.rect;
      return <rect key={index} x={x} y={y} width={width} height={height} rx={rx} {...stroke} />;
    }),
  });
}

export const MenuIcon = strokeIcon('MenuIcon', [{ d: 'M4 12h16' }, { d: 'M4 6h16' }, { d: 'M4 18h16' }]);
export const BellIcon = strokeIcon('BellIcon', [
  { d: 'M10.268 21a2 2 0 0 0 3.464 0' },
  { d: 'M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326' },
]);
export const SearchIcon = strokeIcon('SearchIcon', [{ circle: [11, 11, 8] }, { d: 'm21 21-4.3-4.3' }]);
export const SettingsIcon = strokeIcon('SettingsIcon', [
  {
    d: 'M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z',
  },
  { circle: [12, 12, 3] },
]);
export const DashboardIcon = strokeIcon('DashboardIcon', [
  { rect: [3, 3, 7, 9, 1] },
  { rect: [14, 3, 7, 5, 1] },
  { rect: [14, 12, 7, 9, 1] },
  { rect: [3, 16, 7, 5, 1] },
]);
export const ChevronRightIcon = strokeIcon('ChevronRightIcon', [{ d: 'm9 18 6-6-6-6' }]);
export const ChevronLeftIcon = strokeIcon('ChevronLeftIcon', [{ d: 'm15 18-6-6 6-6' }]);
export const CloseIcon = strokeIcon('CloseIcon', [{ d: 'M18 6 6 18' }, { d: 'm6 6 12 12' }]);
export const RefreshIcon = strokeIcon('RefreshIcon', [
  { d: 'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8' },
  { d: 'M21 3v5h-5' },
  { d: 'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16' },
  { d: 'M8 16H3v5' },
]);
export const KeyIcon = strokeIcon('KeyIcon', [
  {
    d: 'M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z',
  },
  { circle: [16.5, 7.5, 0.5] },
]);
export const BuildingIcon = strokeIcon('BuildingIcon', [
  { d: 'M6 22V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v18Z' },
  { d: 'M6 12H4a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2' },
  { d: 'M18 9h2a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-2' },
  { d: 'M10 6h4' },
  { d: 'M10 10h4' },
  { d: 'M10 14h4' },
  { d: 'M10 18h4' },
]);
export const TrashIcon = strokeIcon('TrashIcon', [
  { d: 'M3 6h18' },
  { d: 'M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6' },
  { d: 'M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2' },
]);
export const SlidersIcon = strokeIcon('SlidersIcon', [
  { d: 'M21 4h-7' },
  { d: 'M10 4H3' },
  { d: 'M21 12h-9' },
  { d: 'M8 12H3' },
  { d: 'M21 20h-5' },
  { d: 'M12 20H3' },
  { d: 'M14 2v4' },
  { d: 'M8 10v4' },
  { d: 'M16 18v4' },
]);
export const PanelCloseIcon = strokeIcon('PanelCloseIcon', [{ rect: [3, 3, 18, 18, 2] }, { d: 'M9 3v18' }, { d: 'm16 15-3-3 3-3' }]);
export const PanelOpenIcon = strokeIcon('PanelOpenIcon', [{ rect: [3, 3, 18, 18, 2] }, { d: 'M9 3v18' }, { d: 'm14 9 3 3-3 3' }]);
export const ExternalLinkIcon = strokeIcon('ExternalLinkIcon', [
  { d: 'M15 3h6v6' },
  { d: 'M10 14 21 3' },
  { d: 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6' },
]);
export const CheckIcon = strokeIcon('CheckIcon', [{ d: 'M20 6 9 17l-5-5' }]);
export const UploadIcon = strokeIcon('UploadIcon', [
  { d: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4' },
  { d: 'm17 8-5-5-5 5' },
  { d: 'M12 3v12' },
]);
export const MailIcon = strokeIcon('MailIcon', [{ rect: [2, 4, 20, 16, 2] }, { d: 'm22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7' }]);
export const MapPinIcon = strokeIcon('MapPinIcon', [
  { d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0' },
  { circle: [12, 10, 3] },
]);
export const ClockIcon = strokeIcon('ClockIcon', [{ circle: [12, 12, 10] }, { d: 'M12 6v6l4 2' }]);
export const HomeIcon = strokeIcon('HomeIcon', [
  { d: 'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8' },
  { d: 'M3 10a2 2 0 0 1 .709-1.528l7-5.999a2 2 0 0 1 2.582 0l7 5.999A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z' },
]);
export const IdCardIcon = strokeIcon('IdCardIcon', [
  { d: 'M16 10h2' },
  { d: 'M16 14h2' },
  { d: 'M6.17 15a3 3 0 0 1 5.66 0' },
  { circle: [9, 11, 2] },
  { rect: [2, 5, 20, 14, 2] },
]);
export const InboxIcon = strokeIcon('InboxIcon', [
  { d: 'M22 12h-6l-2 3h-4l-2-3H2' },
  { d: 'M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z' },
]);
export const CircleCheckIcon = strokeIcon('CircleCheckIcon', [{ circle: [12, 12, 10] }, { d: 'm9 12 2 2 4-4' }]);
export const SwitchIcon = strokeIcon('SwitchIcon', [{ d: 'm16 3 4 4-4 4' }, { d: 'M20 7H4' }, { d: 'm8 21-4-4 4-4' }, { d: 'M4 17h16' }]);
export const FolderIcon = strokeIcon('FolderIcon', [
  { d: 'M20 20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.69-.9L9.6 3.9A2 2 0 0 0 7.93 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2Z' },
]);
export const FileTextIcon = strokeIcon('FileTextIcon', [
  { d: 'M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z' },
  { d: 'M14 2v4a2 2 0 0 0 2 2h4' },
  { d: 'M10 9H8' },
  { d: 'M16 13H8' },
  { d: 'M16 17H8' },
]);
export const TruckIcon = strokeIcon('TruckIcon', [
  { d: 'M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2' },
  { d: 'M15 18H9' },
  { d: 'M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14' },
  { circle: [17, 18, 2] },
  { circle: [7, 18, 2] },
]);
export const CalendarIcon = strokeIcon('CalendarIcon', [{ d: 'M8 2v4' }, { d: 'M16 2v4' }, { rect: [3, 4, 18, 18, 2] }, { d: 'M3 10h18' }]);
export const DownloadIcon = strokeIcon('DownloadIcon', [
  { d: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4' },
  { d: 'm7 10 5 5 5-5' },
  { d: 'M12 15V3' },
]);
export const PlusIcon = strokeIcon('PlusIcon', [{ d: 'M5 12h14' }, { d: 'M12 5v14' }]);
export const PencilIcon = strokeIcon('PencilIcon', [
  { d: 'M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z' },
  { d: 'm15 5 4 4' },
]);
export const UnlockIcon = strokeIcon('UnlockIcon', [{ rect: [3, 11, 18, 11, 2] }, { d: 'M7 11V7a5 5 0 0 1 9.9-1' }]);
export const ActivityIcon = strokeIcon('ActivityIcon', [
  { d: 'M22 12h-2.48a2 2 0 0 0-1.93 1.46l-2.35 8.36a.25.25 0 0 1-.48 0L9.24 2.18a.25.25 0 0 0-.48 0l-2.35 8.36A2 2 0 0 1 4.49 12H2' },
]);
export const TrendingUpIcon = strokeIcon('TrendingUpIcon', [{ d: 'm22 7-8.5 8.5-5-5L2 17' }, { d: 'M16 7h6v6' }]);
export const PrinterIcon = strokeIcon('PrinterIcon', [
  { d: 'M6 9V2h12v7' },
  { d: 'M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2' },
  { rect: [6, 14, 12, 8, 0] },
]);
export const CodeIcon = strokeIcon('CodeIcon', [{ d: 'm16 18 6-6-6-6' }, { d: 'm8 6-6 6 6 6' }]);
export const DatabaseIcon = strokeIcon('DatabaseIcon', [{ d: 'M3 5c0 1.66 4.03 3 9 3s9-1.34 9-3-4.03-3-9-3-9 1.34-9 3' }, { d: 'M3 5v14a9 3 0 0 0 18 0V5' }, { d: 'M3 12a9 3 0 0 0 18 0' }]);
export const TableIcon = strokeIcon('TableIcon', [{ d: 'M12 3v18' }, { rect: [3, 3, 18, 18, 2] }, { d: 'M3 9h18' }, { d: 'M3 15h18' }]);
export const SendIcon = strokeIcon('SendIcon', [
  { d: 'M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z' },
  { d: 'm21.854 2.147-10.94 10.939' },
]);
export const FileCheckIcon = strokeIcon('FileCheckIcon', [{ d: 'M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z' }, { d: 'M14 2v4a2 2 0 0 0 2 2h4' }, { d: 'm9 15 2 2 4-4' }]);
