/** Where an avatar is served from: full URLs and absolute paths as they are, stored paths under /boot. */
export function avatarUrl(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  if (/^(https?:|data:|blob:|\/)/.test(avatar)) return avatar;
  return `/boot/sys/common/static/${avatar}`;
}
