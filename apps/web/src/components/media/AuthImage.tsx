import { Avatar, type AvatarProps, Skeleton } from '@mantine/core';
import type { Photo } from '@pawdesk/shared';
import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import { imageUrl } from '../../lib/media';

type State = { path: string; url: string | null; failed: boolean };

/** A private photo's object URL (lib/media.ts); null while it loads or when it could not be fetched. */
export function useImageUrl(path: string | null | undefined): { url: string | null; loading: boolean; failed: boolean } {
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    imageUrl(path).then(
      (url) => live && setState({ path, url, failed: false }),
      () => live && setState({ path, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  const current = state?.path === path ? state : null;
  return { url: current?.url ?? null, loading: !!path && !current, failed: current?.failed ?? false };
}

export interface AuthImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** The photo's path under /api/v1 (`photo.url` or `photo.thumbUrl`). */
  path: string;
  alt: string;
  width: number | string;
  height: number | string;
}

/** A private photo as an `<img>`: a placeholder of the same size while it loads, nothing when it cannot be had. */
export function AuthImage({ path, alt, width, height, style, ...rest }: AuthImageProps) {
  const { url, loading } = useImageUrl(path);
  if (loading) return <Skeleton width={width} height={height} radius="sm" aria-label={`Loading ${alt}`} />;
  if (!url) return null;
  return <img src={url} alt={alt} width={width} height={height} style={{ objectFit: 'cover', ...style }} {...rest} />;
}

export interface PetAvatarProps extends Omit<AvatarProps, 'src' | 'children' | 'alt'> {
  photo: Photo | null | undefined;
  name: string;
}

/**
 * A pet's thumbnail, or its initials when it has no photo (or the photo cannot be fetched). Decorative: it always sits
 * beside the pet's name, so screen readers skip it and a row's accessible name stays the pet's name.
 */
export function PetAvatar({ photo, name, ...rest }: PetAvatarProps) {
  const { url } = useImageUrl(photo?.thumbUrl);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <Avatar
      src={url}
      alt=""
      aria-hidden
      imageProps={{ 'data-testid': 'pet-thumb', 'data-pet': name } as Record<string, string>}
      color="orange"
      {...rest}
    >
      {initials || '?'}
    </Avatar>
  );
}
