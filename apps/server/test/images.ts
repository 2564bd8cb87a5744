import sharp from 'sharp';

/** A plain JPEG of the given size, as a phone or a file picker would send it. */
export function jpeg(width = 64, height = 48, colour = '#c8a070'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A phone's JPEG: EXIF with the camera, the time and a GPS position, and an orientation tag (6: turn 90° right). */
export function phoneJpeg(width = 400, height = 300, orientation = 6): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7090c0' } })
    .withExif({
      IFD0: { Make: 'PawPhone', Model: 'Camera 12', Orientation: String(orientation) },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 27/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 1/1 4200/100' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export function webp(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#406080' } })
    .webp()
    .toBuffer();
}
